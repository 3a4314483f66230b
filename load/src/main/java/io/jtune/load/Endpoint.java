package io.jtune.load;

import java.net.InetSocketAddress;

/**
 * Where a request goes: the server's resolved address, the host name the URL gives (TLS checks
 * the certificate against it and sends it as SNI) and whether the connection uses TLS.
 */
record Endpoint(InetSocketAddress address, String host, boolean tls) {
}
