package io.jtune.load;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * TLS on one non-blocking connection slot of a {@link LoadWorker}: drives an {@link SSLEngine}'s
 * handshake, wraps requests and unwraps responses. Its two network buffers (direct) are kept
 * across reconnects; each new socket gets a new engine, which resumes the run's TLS session.
 */
final class TlsChannel {
  /** {@link #handshake}: the handshake is complete. */
  static final int DONE = 0;
  /** {@link #handshake}: waits for bytes from the server. */
  static final int WANTS_READ = 1;
  /** {@link #handshake}: waits for room in the socket's send buffer. */
  static final int WANTS_WRITE = 2;
  /** {@link #unwrap}: no complete TLS record left; read more. */
  static final int NEEDS_BYTES = -2;
  /** {@link #unwrap}: the server sent close_notify. */
  static final int CLOSED = -1;

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private SSLEngine engine;
  /** Bytes read from the socket and not yet unwrapped (write mode between calls). */
  private ByteBuffer netIn = ByteBuffer.allocateDirect(0);
  /** Wrapped bytes not yet written to the socket (read mode between calls). */
  private ByteBuffer netOut = ByteBuffer.allocateDirect(0);

  /** Starts TLS with a new engine on a freshly connected socket. */
  void start(SSLEngine newEngine) throws SSLException {
    engine = newEngine;
    int packet = engine.getSession().getPacketBufferSize();
    if (netIn.capacity() < packet) {
      netIn = ByteBuffer.allocateDirect(packet);
      netOut = ByteBuffer.allocateDirect(packet);
    }
    netIn.clear();
    netOut.clear().flip();
    engine.beginHandshake();
  }

  /** The buffer socket reads go to (write mode). */
  ByteBuffer readTarget() {
    return netIn;
  }

  /**
   * Advances the handshake as far as the socket allows without blocking; {@code scratch}
   * receives nothing of use (no application data comes before the request).
   */
  int handshake(SocketChannel channel, ByteBuffer scratch) throws IOException {
    while (true) {
      if (!flush(channel)) {
        return WANTS_WRITE;
      }
      switch (engine.getHandshakeStatus()) {
        case NEED_WRAP -> wrapHandshake();
        case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
          scratch.clear();
          netIn.flip();
          SSLEngineResult result = engine.unwrap(netIn, scratch);
          netIn.compact();
          if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLException("the server ended TLS during the handshake");
          }
          if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
            int n = channel.read(netIn);
            if (n < 0) {
              throw new EOFException("the server closed the connection during the TLS handshake");
            }
            if (n == 0) {
              return WANTS_READ;
            }
          }
        }
        case NEED_TASK -> runTasks();
        default -> {
          return DONE;
        }
      }
    }
  }

  /** Wraps as much of {@code request} as fits and writes it; true when all of it is on the wire. */
  boolean write(SocketChannel channel, ByteBuffer request) throws IOException {
    while (true) {
      if (!flush(channel)) {
        return false;
      }
      if (!request.hasRemaining()) {
        return true;
      }
      netOut.clear();
      SSLEngineResult result = engine.wrap(request, netOut);
      netOut.flip();
      if (result.getStatus() != SSLEngineResult.Status.OK) {
        throw new SSLException("cannot send over TLS: " + result.getStatus());
      }
    }
  }

  /** As {@link #write(SocketChannel, ByteBuffer)} for the first {@code count} buffers, in order. */
  boolean write(SocketChannel channel, ByteBuffer[] request, int count) throws IOException {
    if (count == 1) {
      return write(channel, request[0]);
    }
    while (true) {
      if (!flush(channel)) {
        return false;
      }
      if (!request[count - 1].hasRemaining()) {
        return true;
      }
      netOut.clear();
      SSLEngineResult result = engine.wrap(request, 0, count, netOut);
      netOut.flip();
      if (result.getStatus() != SSLEngineResult.Status.OK) {
        throw new SSLException("cannot send over TLS: " + result.getStatus());
      }
    }
  }

  /**
   * Unwraps the next TLS record read so far into {@code app} (cleared first): the count of
   * application bytes it produced (0 for a record that carries none, such as a session ticket),
   * {@link #NEEDS_BYTES} or {@link #CLOSED}.
   */
  int unwrap(SocketChannel channel, ByteBuffer app) throws IOException {
    app.clear();
    netIn.flip();
    SSLEngineResult result = engine.unwrap(netIn, app);
    netIn.compact();
    switch (result.getStatus()) {
      case BUFFER_UNDERFLOW -> {
        return NEEDS_BYTES;
      }
      case CLOSED -> {
        return CLOSED;
      }
      case BUFFER_OVERFLOW -> throw new SSLException("TLS record larger than the read buffer");
      default -> {
        // OK
      }
    }
    SSLEngineResult.HandshakeStatus status = result.getHandshakeStatus();
    if (status == SSLEngineResult.HandshakeStatus.NEED_TASK) {
      runTasks();
      status = engine.getHandshakeStatus();
    }
    if (status == SSLEngineResult.HandshakeStatus.NEED_WRAP && !netOut.hasRemaining()) {
      // a post-handshake message that needs an answer (TLS 1.3 key update)
      wrapHandshake();
      channel.write(netOut);
    }
    return result.bytesProduced();
  }

  /** Sends close_notify if the socket takes it at once; the caller closes the socket next. */
  void close(SocketChannel channel) {
    if (engine == null) {
      return;
    }
    try {
      engine.closeOutbound();
      if (!netOut.hasRemaining()) {
        netOut.clear();
        engine.wrap(EMPTY, netOut);
        netOut.flip();
        channel.write(netOut);
      }
    } catch (IOException e) {
      // the socket is going away anyway
    } finally {
      engine = null;
    }
  }

  /** Writes what is wrapped and not yet sent; true when none is left. */
  private boolean flush(SocketChannel channel) throws IOException {
    if (netOut.hasRemaining()) {
      channel.write(netOut);
    }
    return !netOut.hasRemaining();
  }

  private void wrapHandshake() throws SSLException {
    netOut.clear();
    SSLEngineResult result = engine.wrap(EMPTY, netOut);
    netOut.flip();
    if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
      throw new SSLException("TLS closed during the handshake");
    }
  }

  private void runTasks() {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }
}
