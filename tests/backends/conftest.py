"""One Spark session (``local[2]``) for the whole test run, started when a test asks for it."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

#: The test run's JVM compiles with the client compiler only and collects with
#: the serial collector: its queries are many and small, so the server
#: compiler's work would not pay off (about a third less CPU for the Spark tests).
TEST_JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


@pytest.fixture(scope="session")
def spark() -> Iterator[object]:
    """The process's Spark session on ``local[2]`` (stopped after the last test)."""
    from symlearn.backends.spark import spark_session

    os.environ.setdefault(
        "PYSPARK_SUBMIT_ARGS", f"--driver-java-options '{TEST_JVM_OPTIONS}' pyspark-shell"
    )
    session = spark_session("local[2]")
    yield session
    session.stop()
