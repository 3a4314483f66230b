#!/usr/bin/env bash
# Records the explicit-GC logs in this folder: SystemGcCalls.java run by the source launcher
# under each collector, with -Xlog:gc* and the default decorators (uptime, level, tags).
# JDK17 and JDK25 name the two JDKs' java binaries.
set -euo pipefail
cd "$(dirname "$0")"
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
run() { local java=$1 out=$2; shift 2; "$java" -Xmx128m "$@" -Xlog:gc*:file="$out" SystemGcCalls.java >/dev/null; }
run "$JDK17" zgc-jdk17.log -XX:+UseZGC
run "$JDK25" zgc-jdk25.log -XX:+UseZGC
run "$JDK17" shenandoah-jdk17.log -XX:+UseShenandoahGC
run "$JDK17" g1-concurrent-jdk17.log -XX:+UseG1GC -XX:+ExplicitGCInvokesConcurrent
