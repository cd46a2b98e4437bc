"""The service as the tests call it in-process: from localhost (an allowed Host), with
JSON bodies (the only kind it reads)."""
from fastapi.testclient import TestClient

from trainrun.service.app import app


def json_client() -> TestClient:
    return TestClient(app, base_url="http://localhost",
                      headers={"content-type": "application/json"})
