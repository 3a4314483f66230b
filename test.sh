#!/usr/bin/env bash
# Runs all of jtune's tests (unit, corpus, real-JVM and HTTP integration tests).
# Needs a JDK 17+ and Maven; installs anything else the tests need.
set -euo pipefail
cd "$(dirname "$0")"

# --- Browser for the HTML report tests (gc AnalysisHtmlBrowserTest, experiment ExperimentHtmlBrowserTest): Debian's chromium and
# chromium-driver, never a browser download. Skipped when both are present; without root or
# sudo, or when apt fails, the browser tests skip themselves with a message.
install_chromium() {
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || { echo "test.sh: chromium missing and no root/sudo to install it: browser tests will be skipped" >&2; return 0; }
    sudo="sudo -n"
  fi
  echo "test.sh: installing chromium and chromium-driver (Debian packages) for the HTML report browser tests" >&2
  if ! { $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq \
      && $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium chromium-driver >/dev/null; }; then
    echo "test.sh: WARNING: could not install chromium/chromium-driver: browser tests will be skipped" >&2
  fi
}
install_chromium
# --- end of the browser block

# --- OpenMetrics parser for the OpenMetrics tests (OpenMetricsParser in gc's test jar): the Prometheus
# project's Python client (prometheus_client.openmetrics.parser), from PyPI into a virtual
# environment under target/. Without python3 those tests skip themselves with a message.
install_openmetrics_parser() {
  local venv=target/openmetrics-venv
  command -v python3 >/dev/null 2>&1 || { echo "test.sh: python3 missing: the OpenMetrics parse tests will be skipped" >&2; return 0; }
  "$venv/bin/python3" -c 'import prometheus_client.openmetrics.parser' 2>/dev/null && return 0
  echo "test.sh: installing prometheus-client (PyPI) into $venv for the OpenMetrics parse tests" >&2
  python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check 'prometheus-client>=0.20,<1' \
    || { echo "test.sh: FAILED to install prometheus-client into $venv" >&2; exit 1; }
}
install_openmetrics_parser

# The Prometheus text format's parser, as a node exporter's textfile collector and a Pushgateway
# parse it (Go, prometheus/common expfmt, from the Go module proxy): a small checker built from
# gc/src/test/go/promcheck into target/promcheck. Without go those tests skip themselves.
build_promcheck() {
  command -v go >/dev/null 2>&1 || { echo "test.sh: go missing: the Prometheus text format parse tests will be skipped" >&2; return 0; }
  local src=gc/src/test/go/promcheck
  if [ ! -x target/promcheck ] || [ -n "$(find "$src" -newer target/promcheck -type f)" ]; then
    echo "test.sh: building the Prometheus text format checker (target/promcheck)" >&2
    (cd "$src" && go build -o ../../../../../target/promcheck .) \
      || { echo "test.sh: FAILED to build target/promcheck" >&2; exit 1; }
  fi
}
build_promcheck
# --- end of the OpenMetrics parser block

mvn -B -ntp verify "$@"

# --- The launcher as users run it: ./jtune on the jar just built, with its class-data-sharing
# archive and its own JVM options. The first run makes the archive; then -Xshare:on (added
# through JAVA_TOOL_OPTIONS) makes the JVM refuse to start when the archive cannot be used, so a
# broken archive fails here instead of silently costing start time.
echo "test.sh: launcher check: ./jtune analyze with its CDS archive" >&2
./jtune --version >/dev/null
out="$(JAVA_TOOL_OPTIONS=-Xshare:on \
  ./jtune analyze --format json gc/src/test/resources/findings/serial-liveset-jdk17.log)" \
  || { echo "test.sh: FAILED: ./jtune analyze exited non-zero" >&2; exit 1; }
# the whole output is the document: nothing the JVM options make the JVM print (a CompileCommand
# echoed without "quiet", a CDS warning) may precede it
case "$out" in
  '{'*'"schema" : "jtune.analysis/2"'*'}') echo "test.sh: launcher check passed" >&2 ;;
  *) echo "test.sh: FAILED: ./jtune analyze printed something other than one jtune.analysis/2 document" >&2; exit 1 ;;
esac
