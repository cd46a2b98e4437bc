"""The HTTP service: the application (``app``), its guards, schema and docs, the worker pool
with its two lanes (``pool``, ``workerstart``), the tasks workers run, and the web page.
"""
