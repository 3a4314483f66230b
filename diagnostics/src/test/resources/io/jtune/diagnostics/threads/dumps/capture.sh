#!/bin/sh
# Captures the thread dumps under this directory from DumpScenarios.java, on one JDK:
#   ./capture.sh /tmp/jdk11/usr/lib/jvm/java-11-openjdk-amd64 jdk11   (Debian packages, dpkg -x)
#   ./capture.sh /usr/lib/jvm/java-17-openjdk-amd64 jdk17
#   ./capture.sh /tmp/jdk21home jdk21   (bin/java, jstack, jcmd and release: see README.md)
#   ./capture.sh /usr/lib/jvm/temurin-25-jdk-amd64 jdk25
# Each file is the unedited output of one tool: jstack, jstack -l, jstack -e, jcmd Thread.print
# [-l], the program's stdout with two kill -QUIT dumps 2 s apart among its own lines, and on
# JDK 21+ jcmd Thread.dump_to_file in text and JSON.
set -eu
home=$1; tag=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
"$home/bin/java" -Xmx64m "$here/../DumpScenarios.java" --parent-pid $$ > "$work/stdout" 2>&1 &
pid=$!
trap 'kill -9 $pid 2>/dev/null || true; rm -rf "$work"' EXIT
i=0
until grep -q '^ready' "$work/stdout"; do i=$((i+1)); [ $i -lt 300 ] || exit 1; sleep 0.1; done
"$home/bin/jstack" $pid > "$here/$tag-jstack.txt"
"$home/bin/jstack" -l $pid > "$here/$tag-jstack-l.txt"
"$home/bin/jstack" -e $pid > "$here/$tag-jstack-e.txt"
"$home/bin/jcmd" $pid Thread.print > "$here/$tag-jcmd-thread-print.txt"
"$home/bin/jcmd" $pid Thread.print -l > "$here/$tag-jcmd-thread-print-l.txt"
if grep -q '^JAVA_VERSION="2[1-9]' "$home/release"; then
  "$home/bin/jcmd" $pid Thread.dump_to_file "$work/dump.txt" > /dev/null
  cp "$work/dump.txt" "$here/$tag-dump-to-file.txt"
  "$home/bin/jcmd" $pid Thread.dump_to_file -format=json "$work/dump.json" > /dev/null
  cp "$work/dump.json" "$here/$tag-dump-to-file.json"
fi
kill -QUIT $pid; sleep 2; kill -QUIT $pid; sleep 1
cp "$work/stdout" "$here/$tag-sigquit-stdout.txt"
