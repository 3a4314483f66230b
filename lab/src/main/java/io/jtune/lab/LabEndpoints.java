package io.jtune.lab;

/** The endpoints behind the lab's paths, built once at startup. */
record LabEndpoints(
    WorkEndpoint work,
    XmlEndpoint xml,
    SessionEndpoint session,
    CacheEndpoint cache,
    StoreEndpoint store,
    ClassDefiner classes) {}
