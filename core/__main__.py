"""``python -m trainrun`` runs the command line."""
from trainrun.cli.main import main

main()
