"""One Spark session (``local[2]``) for the whole test run, started when a test asks for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def spark() -> Iterator[object]:
    """The process's Spark session on ``local[2]`` (stopped after the last test)."""
    from symlearn.backends.spark import spark_session

    session = spark_session("local[2]")
    yield session
    session.stop()
