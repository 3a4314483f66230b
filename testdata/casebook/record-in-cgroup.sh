#!/bin/bash
# cgrun.sh NAME LIMIT_MB SECONDS LABARGS... -- JVMFLAGS...
# runs the lab in a fresh cgroup v1 memory group with the limit (swap off), loads
# /cache/put and /cache/get at concurrency 8, records the GC log, then removes the group
name=$1; limit=$2; secs=$3; shift 3
lab=(); while [ "$1" != "--" ]; do lab+=("$1"); shift; done; shift
jvm=("$@")
cg=/sys/fs/cgroup/memory/jtune-test-nmt-$name
mkdir -p $cg
echo $((limit*1024*1024)) > $cg/memory.limit_in_bytes
[ -f $cg/memory.memsw.limit_in_bytes ] && echo $((limit*1024*1024)) > $cg/memory.memsw.limit_in_bytes
echo 0 > $cg/memory.swappiness 2>/dev/null
out=/tmp/nmt/cg/$name; mkdir -p $out; rm -f $out/*
sh -c "echo \$\$ > $cg/cgroup.procs; exec java ${jvm[*]} -Xlog:gc*,safepoint:file=$out/gc.log:time,uptime,level,tags -jar /tmp/nmt/jt/lab/target/jtune-lab.jar --port 18${limit: -3} ${lab[*]}" > $out/lab.out 2>&1 &
pid=$!
for i in $(seq 1 40); do grep -q listening $out/lab.out && break; kill -0 $pid 2>/dev/null || break; sleep 0.5; done
url=http://127.0.0.1:18${limit: -3}
if kill -0 $pid 2>/dev/null; then
  timeout $((secs+30)) java -XX:TieredStopAtLevel=1 -Xmx256m -jar /tmp/nmt/jt/cli/target/jtune.jar load -c 8 -d ${secs}s --warmup 2s --weights 1,2 "$url/cache/put?kb=16" "$url/cache/get" > $out/load.txt 2>&1
  grep -E "VmRSS|VmHWM" /proc/$pid/status > $out/rss.txt 2>/dev/null
fi
kill $pid 2>/dev/null; wait $pid; echo "exit $?" > $out/exit.txt
cat $cg/memory.max_usage_in_bytes $cg/memory.failcnt $cg/memory.oom_control > $out/cgroup.txt 2>/dev/null
grep -E "oom_kill" $cg/memory.oom_control >> $out/cgroup.txt 2>/dev/null
rmdir $cg
