#!/bin/sh
# Regenerates the real GC log samples in this directory: runs AllocationWorkload.java once per
# JDK x collector x logging setup. Each JVM is bounded by `timeout` (killed after 60 s).
# File names: jdkNN-COLLECTOR-LEVEL[-DECORATORS].log. Usage: sh generate.sh (from this directory).
set -eu
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin
OUT=$(pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$J17/javac" --release 17 -d "$WORK" AllocationWorkload.java

# run NAME JAVA_BIN MEGABYTES SELECTION DECORATORS GC-FLAGS...
run() {
  name=$1; bin=$2; mb=$3; sel=$4; deco=$5; shift 5
  rm -f "$OUT/$name.log"
  timeout -k 5 60 "$bin/java" -Xmx64m -Xms16m "$@" "-Xlog:$sel:file=$OUT/$name.log:$deco" \
    -cp "$WORK" AllocationWorkload "$mb" > /dev/null
}

STD=uptime,level,tags
for jdk in 17 25; do
  # JDK 25 logs much more per ZGC cycle, and its Shenandoah logs every region at gc=debug
  if [ $jdk = 17 ]; then
    bin=$J17; zinfo=400; zdebug=200; sdebug='gc*=debug'
  else
    bin=$J25; zinfo=60; zdebug=15; sdebug='gc*=debug,gc=info'
  fi
  run jdk$jdk-serial-info $bin 300 'gc*,safepoint' $STD -XX:+UseSerialGC
  run jdk$jdk-serial-debug $bin 40 'gc*=debug' $STD -XX:+UseSerialGC
  run jdk$jdk-parallel-info $bin 300 'gc*,safepoint' $STD -XX:+UseParallelGC
  run jdk$jdk-parallel-debug $bin 40 'gc*=debug' $STD -XX:+UseParallelGC
  run jdk$jdk-g1-info $bin 200 'gc*,safepoint' $STD -XX:+UseG1GC
  run jdk$jdk-g1-debug $bin 12 'gc*=debug' $STD -XX:+UseG1GC
  run jdk$jdk-zgc-info $bin $zinfo 'gc*,safepoint' $STD -XX:+UseZGC
  run jdk$jdk-zgc-debug $bin $zdebug 'gc*=debug' $STD -XX:+UseZGC
  run jdk$jdk-shenandoah-info $bin 60 'gc*,safepoint' $STD -XX:+UseShenandoahGC
  run jdk$jdk-shenandoah-debug $bin 40 "$sdebug" $STD -XX:+UseShenandoahGC
done
run jdk25-shenandoah-generational-info $J25 60 'gc*,safepoint' $STD \
  -XX:+UseShenandoahGC -XX:+UnlockExperimentalVMOptions -XX:ShenandoahGCMode=generational
run jdk25-shenandoah-generational-debug $J25 30 'gc*=debug,gc=info' $STD \
  -XX:+UseShenandoahGC -XX:+UnlockExperimentalVMOptions -XX:ShenandoahGCMode=generational
run jdk17-g1-info-time-level-tags $J17 200 'gc*' time,level,tags -XX:+UseG1GC
run jdk25-g1-info-uptimenanos-pid-tid $J25 200 'gc*' uptimenanos,pid,tid -XX:+UseG1GC
run jdk17-parallel-info-utctime-uptimemillis $J17 200 'gc*,safepoint' utctime,uptimemillis -XX:+UseParallelGC
run jdk25-zgc-info-timemillis-uptimenanos-level-tags $J25 40 'gc*' timemillis,uptimenanos,level,tags -XX:+UseZGC
run jdk17-g1-gc-only-timenanos-pid-tags $J17 200 'gc' timenanos,pid,tags -XX:+UseG1GC
run jdk17-g1-info-none $J17 100 'gc*' none -XX:+UseG1GC
