"""``python -m trainrun`` runs the command line."""
from trainrun.cli import main

main()
