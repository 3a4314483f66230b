package io.jtune.gc.event;

/** User, system and real (wall) seconds of a pause as logged by `[Times: ...]` or `gc,cpu`. */
public record CpuTimes(double userS, double sysS, double realS) {}
