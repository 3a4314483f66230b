#!/usr/bin/env bash
# Runs all of jtune's tests (unit, corpus, real-JVM and HTTP integration tests).
# Needs a JDK 17+ and Maven; installs anything else the tests need.
set -euo pipefail
cd "$(dirname "$0")"
mvn -B -ntp verify "$@"
