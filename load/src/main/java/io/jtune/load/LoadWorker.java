package io.jtune.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.HdrHistogram.Histogram;

/**
 * One event-loop thread of a load run: owns a share of the connections, sends requests on
 * them (closed model: back to back; open model: on the fixed schedule) and records latencies.
 */
final class LoadWorker implements Runnable {
  /*
   * Shape of the hot path: one Selector, non-blocking sockets with OP_READ always registered
   * (no epoll_ctl per request), requests written from per-connection duplicates of one direct
   * buffer, responses read into one direct buffer per loop and copied into a byte[] for the
   * parser. Per request the loop calls System.nanoTime() twice and Recorder.recordValue()
   * twice (and, when the run keeps request spans, stores two numbers in preallocated arrays);
   * it allocates nothing. Only connection setup (after errors, or when the server
   * closes) allocates.
   *
   * A request that is the same every time is written from a duplicate of one shared direct
   * buffer. A templated one (CompiledRequest) is rendered per request into the loop's ByteSink
   * and copied into the connection's own direct buffer (grown only when a request is longer than
   * any before it); a body that does not vary follows it from a shared buffer in the same
   * gathering write, so a large fixed body is never copied.
   *
   * A replayed log's request is copied from the log's compiled bytes (ReplayRequests) into the
   * connection's own direct buffer, like a templated one; so nothing is rendered or allocated.
   *
   * When users keep cookies (VirtualUsers), each connection is a user with its CookieJar, which
   * its parser fills from Set-Cookie headers; a request of a user with cookies is first written
   * into the loop's cookie sink with its Cookie header, then copied like a templated one (the
   * fixed request too). A user who has sent its share of requests hands the connection to a new
   * one with an empty jar.
   *
   * With several endpoints (URLs, or groups of replayed paths) each completed request is also
   * recorded in its endpoint's histogram, one per endpoint and phase made before the run; the
   * loop owns them and the run reads them once the loop has ended.
   *
   * https:// connections run the same states through a TlsChannel: CONNECTING lasts until
   * the TLS handshake is done (its time counts in the request waiting for the connection, like
   * the TCP connect), requests are wrapped from the same buffers and responses are unwrapped
   * into one heap buffer per loop that the parser reads directly. Plain connections skip all of
   * it (c.tls == null).
   */
  private static final int DISCONNECTED = 0;
  private static final int CONNECTING = 1;
  private static final int IDLE = 2;
  private static final int SENDING = 3;
  private static final int AWAITING = 4;

  // timeouts, reconnects and ramp-up starts need no finer grain; fewer wake-ups of an idle loop
  private static final long HOUSEKEEPING_NANOS = 10_000_000;
  private static final long CONNECT_RETRY_NANOS = 100_000_000;
  private static final long SELECT_PRECISION_NANOS = 2_000_000;
  private static final long MAX_PARK_NANOS = 100_000;
  private static final int READ_BUFFER_BYTES = 64 * 1024;
  private static final int READ_FAILED = Integer.MIN_VALUE;
  private static final int WARMUP_SAMPLE = 256;

  /** One connection slot: the socket (replaced on reconnect) and its request in flight. */
  private static final class Connection {
    final ResponseParser parser;
    /** The cookies of the connection's current user, or null when users keep none. */
    final CookieJar cookies;
    /** Requests sent by the current user (cookies kept only). */
    long userRequests;
    final int slot;
    /** Per target: the request when it never varies, else null. */
    final ByteBuffer[] requests;
    /** Per target: its fixed body when the rest of the request varies, else null. */
    final ByteBuffer[] bodies;
    /** The buffers of the request in flight, written in order. */
    final ByteBuffer[] segments = new ByteBuffer[2];
    int segmentCount;
    /** This connection's rendering of its last templated request. */
    ByteBuffer rendered;
    /** Whether the request in flight is sent again as it was rendered (its first socket closed under it). */
    boolean resend;
    SocketChannel channel;
    SelectionKey key;
    int state = DISCONNECTED;
    int addressIndex = -1;
    /** When to (re)connect; before the run starts, the offset from the start (ramp-up). */
    long reconnectAtNanos;
    long connectStartNanos;
    /** The request to send once connected, or -1. */
    int pendingTarget = -1;
    int target;
    /** The endpoint group of the request in flight, and whether it is a HEAD request. */
    int group;
    boolean head;
    /** Open model replaying a log's time shape: the schedule index (the log line) of the request to send. */
    long line;
    long intendedNanos;
    long sentNanos;
    /** {@link RunControl#WARMUP} or {@link RunControl#MEASURED}: where the request in flight is counted. */
    int phase;
    boolean inIdleStack;
    /** Responses completed on the current socket: a reused socket may have been closed by the server. */
    int served;
    /** TLS of the current socket when it is https://, else null. */
    TlsChannel tls;
    /** The slot's TLS buffers, made on its first https:// connection and kept across reconnects. */
    TlsChannel tlsBuffers;

    Connection(int slot, ByteBuffer[] requests, ByteBuffer[] bodies, CookieJar cookies) {
      this.cookies = cookies;
      this.parser = new ResponseParser(cookies);
      this.slot = slot;
      this.requests = requests;
      this.bodies = bodies;
    }
  }

  private final StartingGate gate;
  private RunControl control;
  private final LoadModel model;
  private final Connection[] connections;
  private final Endpoint[] endpoints;
  private final SSLContext tlsContext;
  private final boolean insecure;
  /** Decrypted response bytes of https:// connections, read by the parser in place. */
  private final ByteBuffer tlsAppBuffer;
  private final int[] targetAddress;
  private final boolean[] targetIsHead;
  private final int[] cumulativeWeight;
  private final CompiledRequest[] compiled;
  /** Numbers templated requests across all loops of the run (${seq}, data rows in order). */
  private final AtomicLong sequence;
  private final CompiledTemplate.Values values = new CompiledTemplate.Values();
  private final ByteSink rendering = new ByteSink(512);
  private final ByteSink bodyRendering = new ByteSink(256);
  /** A request with its user's Cookie header, before it is copied to the connection's buffer. */
  private final ByteSink cookieRendering;
  /** Requests a user sends before a new one takes its connection, 0 for the whole run. */
  private final long requestsPerUser;
  private final Selector selector;
  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
  private final byte[] readBytes = new byte[READ_BUFFER_BYTES];
  private final Consumer<SelectionKey> onReady = this::onReady;
  /** The replayed log's requests, or null. */
  private final ReplayRequests replay;
  /** Per target: its endpoint group. */
  private final int[] targetGroup;

  // open model: this loop sends request indices first, first + step, first + 2 step, ...
  private final ArrivalSchedule schedule;
  private final long indexStep;
  private long nextIndex;
  private final long endIndex;
  private final int[] idleStack;
  private int idleCount;

  // closed model: requests this loop may still send, by phase (the warmup's is unlimited)
  private final long[] budget = {Long.MAX_VALUE, 0};

  private long randomState;
  private long now;
  private long nextHousekeepingNanos;
  private int inFlight;
  private boolean sendingClosed;
  /**
   * Set once the server was seen closing a connection after a response without saying so:
   * from then on each connection is checked for that close before it is reused.
   */
  private boolean serverClosesSilently;

  /** Responses with a status below 400, by phase; [MEASURED] is the result's. */
  final long[] successes = new long[2];
  /** Completion time of the last response by phase, 0 when none; [MEASURED] is the result's. */
  final long[] lastCompletionNanos = new long[2];
  /**
   * Responses (any status, to requests of either phase) completed within the measured window:
   * what the service served in it, the open model's throughput.
   */
  long servedInWindow;
  /** Users (one per connection, or a new one after each user's share) that sent a request, when cookies are kept. */
  long usersStarted;
  /** Largest delay between a request's due time and its actual send (open model). */
  long maxSendLagNanos;
  /**
   * Start and latency of completed requests by phase when the run keeps them ({@link #keepRequests}),
   * else null; the warmup's small sample is dropped but takes the same path as the measured one.
   */
  RequestSample[] samples;
  /**
   * With several endpoints, by phase and endpoint: latency from the intended send (2 significant
   * digits), responses below 400, and failed requests (4xx, 5xx, failures); else null.
   */
  final Histogram[][] groupLatency;
  final long[][] groupSuccesses;
  final long[][] groupErrors;
  /** With several endpoints, per endpoint: {@link #servedInWindow}; else null. */
  final long[] groupServedInWindow;
  private final long groupCeiling;

  LoadWorker(StartingGate gate, LoadPlan plan, CompiledRequest[] compiled, AtomicLong sequence, int workerIndex,
      int workerCount, long firstMeasuredIndex, SSLContext tlsContext) throws IOException {
    this(gate, plan, compiled, null, 0, sequence, workerIndex, workerCount, firstMeasuredIndex, tlsContext);
  }

  LoadWorker(StartingGate gate, LoadPlan plan, CompiledRequest[] compiled, ReplayRequests replay, int groups,
      AtomicLong sequence, int workerIndex, int workerCount, long firstMeasuredIndex, SSLContext tlsContext)
      throws IOException {
    this.replay = replay;
    this.targetGroup = new int[compiled.length];
    for (int t = 0; t < targetGroup.length; t++) {
      targetGroup[t] = groups > 1 ? t : 0;
    }
    this.groupCeiling = RunControl.highestTrackable(plan);
    if (groups > 1) {
      groupLatency = new Histogram[2][groups];
      for (Histogram[] byGroup : groupLatency) {
        for (int g = 0; g < groups; g++) {
          byGroup[g] = new Histogram(groupCeiling, 2);
        }
      }
      groupSuccesses = new long[2][groups];
      groupErrors = new long[2][groups];
      groupServedInWindow = new long[groups];
    } else {
      groupLatency = null;
      groupSuccesses = null;
      groupErrors = null;
      groupServedInWindow = null;
    }
    this.compiled = compiled;
    this.sequence = sequence;
    boolean cookies = plan.users().cookies();
    this.cookieRendering = cookies ? new ByteSink(512) : null;
    this.requestsPerUser = plan.users().requestsPerUser();
    this.gate = gate;
    this.model = plan.model();
    List<RequestTemplate> targets = plan.targets();
    List<Endpoint> distinct = targets.stream().map(RequestTemplate::endpoint).distinct().toList();
    this.endpoints = distinct.toArray(new Endpoint[0]);
    this.tlsContext = tlsContext;
    this.insecure = plan.insecure();
    this.tlsAppBuffer = tlsContext == null ? null
        : ByteBuffer.allocate(tlsContext.createSSLEngine().getSession().getApplicationBufferSize());
    this.targetAddress = new int[targets.size()];
    this.targetIsHead = new boolean[targets.size()];
    this.cumulativeWeight = new int[targets.size()];
    ByteBuffer[] templates = new ByteBuffer[targets.size()];
    ByteBuffer[] fixedBodies = new ByteBuffer[targets.size()];
    int sum = 0;
    for (int t = 0; t < targets.size(); t++) {
      RequestTemplate target = targets.get(t);
      targetAddress[t] = distinct.indexOf(target.endpoint());
      targetIsHead[t] = target.isHead();
      sum += target.weight();
      cumulativeWeight[t] = sum;
      byte[] bytes = compiled[t].fixed();
      if (bytes != null) {
        templates[t] = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
      } else if (!compiled[t].bodyVaries() && compiled[t].fixedBody().length > 0) {
        byte[] body = compiled[t].fixedBody();
        fixedBodies[t] = ByteBuffer.allocateDirect(body.length).put(body).flip();
      }
    }
    int count = plan.connections() / workerCount + (workerIndex < plan.connections() % workerCount ? 1 : 0);
    this.connections = new Connection[count];
    long rampNanos = plan.rampUp().toNanos();
    for (int i = 0; i < count; i++) {
      ByteBuffer[] requests = new ByteBuffer[templates.length];
      ByteBuffer[] bodies = new ByteBuffer[templates.length];
      for (int t = 0; t < templates.length; t++) {
        requests[t] = templates[t] == null ? null : templates[t].duplicate();
        bodies[t] = fixedBodies[t] == null ? null : fixedBodies[t].duplicate();
      }
      connections[i] = new Connection(i, requests, bodies, cookies ? new CookieJar() : null);
      int globalIndex = workerIndex + i * workerCount;
      connections[i].reconnectAtNanos = model == LoadModel.CLOSED
          ? rampNanos * globalIndex / plan.connections()
          : 0;
    }
    this.idleStack = new int[count];
    this.randomState = 0x9E3779B97F4A7C15L * (workerIndex + 1);
    if (model == LoadModel.OPEN) {
      this.schedule = ArrivalSchedule.of(plan, replay);
      this.indexStep = workerCount;
      this.nextIndex = workerIndex;
      this.endIndex = plan.requests() > 0 ? firstMeasuredIndex + plan.requests() : Long.MAX_VALUE;
    } else {
      this.schedule = null;
      this.indexStep = 0;
      this.endIndex = 0;
      this.budget[RunControl.MEASURED] = plan.requests() > 0
          ? plan.requests() / workerCount + (workerIndex < plan.requests() % workerCount ? 1 : 0)
          : Long.MAX_VALUE;
    }
    this.selector = Selector.open();
  }

  @Override
  public void run() {
    try {
      control = gate.arriveAndAwaitStart();
      if (control == null) {
        return;
      }
      for (Connection c : connections) {
        // until now reconnectAtNanos held the connection's ramp-up offset from the start
        c.reconnectAtNanos += control.startNanos;
      }
      loop();
    } finally {
      for (Connection c : connections) {
        closeChannel(c);
      }
      try {
        selector.close();
      } catch (IOException ignored) {
        // nothing left to release
      }
    }
  }

  /** Keeps each completed measured request's start and latency, up to {@code capacity} of them (then sampled). */
  void keepRequests(int capacity) {
    samples = new RequestSample[] {new RequestSample(WARMUP_SAMPLE), new RequestSample(capacity)};
  }

  /** Wakes the loop so it sees a stop request at once. */
  void wakeUp() {
    selector.wakeup();
  }

  private void loop() {
    while (true) {
      now = System.nanoTime();
      if (control.stopRequested || finished()) {
        return;
      }
      if (now >= nextHousekeepingNanos) {
        housekeeping();
        nextHousekeepingNanos = now + HOUSEKEEPING_NANOS;
      }
      long fineWait = Long.MAX_VALUE;
      if (model == LoadModel.OPEN) {
        fineWait = dispatchDueRequests();
      }
      long coarseWait = Math.min(nextHousekeepingNanos, sendingClosed ? control.drainDeadlineNanos
          : control.measureEndNanos) - now;
      try {
        if (fineWait <= 0 || coarseWait <= 0) {
          selector.selectNow(onReady);
        } else if (fineWait < SELECT_PRECISION_NANOS) {
          // Selector timeouts are whole milliseconds: poll and park briefly to send on time
          if (selector.selectNow(onReady) == 0) {
            LockSupport.parkNanos(Math.min(fineWait, MAX_PARK_NANOS));
          }
        } else {
          long waitMillis = Math.max(1, Math.min(fineWait - SELECT_PRECISION_NANOS / 2, coarseWait) / 1_000_000);
          selector.select(onReady, waitMillis);
        }
      } catch (IOException e) {
        throw new LoadException("selector failed: " + e.getMessage(), e);
      }
    }
  }

  private boolean finished() {
    if (model == LoadModel.CLOSED) {
      if (now >= control.measureEndNanos) {
        // requests sent before the end still count: waiting for them mirrors the warmup's
        // requests still in flight when the measurement started, which keeps Little's law exact
        sendingClosed = true;
      }
      return ((sendingClosed || budget[RunControl.MEASURED] == 0) && inFlight == 0)
          || now >= control.drainDeadlineNanos;
    }
    if (!sendingClosed && (nextIndex >= endIndex
        || control.startNanos + schedule.dueNanos(nextIndex) >= control.measureEndNanos)) {
      sendingClosed = true;
    }
    return (sendingClosed && inFlight == 0) || now >= control.drainDeadlineNanos;
  }

  /** Sends every request that is due while a connection is free; returns nanos to the next one. */
  private long dispatchDueRequests() {
    while (!sendingClosed) {
      long due = control.startNanos + schedule.dueNanos(nextIndex);
      if (due >= control.measureEndNanos || nextIndex >= endIndex) {
        sendingClosed = true;
        return Long.MAX_VALUE;
      }
      if (due > now) {
        return idleCount > 0 ? due - now : Long.MAX_VALUE;
      }
      Connection c = popIdle();
      if (c == null) {
        return Long.MAX_VALUE;
      }
      c.line = nextIndex;
      nextIndex += indexStep;
      long lag = now - due;
      if (lag > maxSendLagNanos) {
        maxSendLagNanos = lag;
      }
      send(c, pickTarget(), due, control.phaseAt(due));
    }
    return Long.MAX_VALUE;
  }

  private void housekeeping() {
    for (Connection c : connections) {
      switch (c.state) {
        case DISCONNECTED -> {
          if (now >= c.reconnectAtNanos) {
            becomeReady(c);
          }
        }
        case CONNECTING -> {
          if (now - c.connectStartNanos > control.timeoutNanos) {
            connectFailed(c);
          }
        }
        case SENDING, AWAITING -> {
          if (now - c.sentNanos > control.timeoutNanos) {
            requestFailed(c, ErrorKind.TIMEOUT, 0);
          }
        }
        default -> {
          // idle connections wait for the next request
        }
      }
    }
  }

  /** A connection with no request: closed model sends the next one, open model offers it. */
  private void becomeReady(Connection c) {
    if (model == LoadModel.CLOSED) {
      sendNextClosed(c);
    } else if (c.state == DISCONNECTED) {
      if (sendingClosed) {
        c.reconnectAtNanos = Long.MAX_VALUE;
      } else {
        connect(c, 0);
      }
    } else {
      pushIdle(c);
    }
  }

  private void sendNextClosed(Connection c) {
    if (now >= control.measureEndNanos) {
      return;
    }
    int phase = control.phaseAt(now);
    if (budget[phase] == 0) {
      if (c.state == DISCONNECTED) {
        c.reconnectAtNanos = Long.MAX_VALUE;
      }
      return;
    }
    budget[phase]--;
    send(c, pickTarget(), now, phase);
  }

  private int pickTarget() {
    if (cumulativeWeight.length == 1) {
      return 0;
    }
    // xorshift64: a cheap, allocation-free choice by weight
    randomState ^= randomState << 13;
    randomState ^= randomState >>> 7;
    randomState ^= randomState << 17;
    int roll = (int) Long.remainderUnsigned(randomState, cumulativeWeight[cumulativeWeight.length - 1]);
    int t = 0;
    while (roll >= cumulativeWeight[t]) {
      t++;
    }
    return t;
  }

  private void send(Connection c, int target, long intendedNanos, int phase) {
    inFlight++;
    c.target = target;
    c.resend = false;
    c.intendedNanos = intendedNanos;
    c.phase = phase;
    if (c.state != IDLE || c.addressIndex != targetAddress[target]) {
      closeChannel(c);
      c.pendingTarget = target;
      connect(c, targetAddress[target]);
      return;
    }
    write(c);
  }

  private void write(Connection c) {
    c.pendingTarget = -1;
    if (c.resend) {
      for (int i = 0; i < c.segmentCount; i++) {
        c.segments[i].rewind();
      }
    } else {
      prepare(c);
    }
    c.parser.start(c.head);
    c.sentNanos = System.nanoTime();
    c.state = SENDING;
    continueWrite(c);
  }

  /** Puts the request to send in {@code c.segments}: the fixed one, or this request's rendering. */
  private void prepare(Connection c) {
    if (c.cookies != null) {
      countUserRequest(c);
    }
    if (replay != null) {
      prepareReplayed(c);
      return;
    }
    int t = c.target;
    c.group = targetGroup[t];
    c.head = targetIsHead[t];
    ByteBuffer fixed = c.requests[t];
    if (fixed != null) {
      if (c.cookies == null || c.cookies.isEmpty()) {
        fixed.rewind();
        c.segments[0] = fixed;
      } else {
        byte[] bytes = compiled[t].fixed();
        c.segments[0] = copied(c, bytes, 0, bytes.length);
      }
      c.segmentCount = 1;
      return;
    }
    CompiledRequest r = compiled[t];
    CompiledTemplate.Values v = values;
    if (r.usesSequence) {
      v.seq = sequence.incrementAndGet();
    }
    if (r.usesRow) {
      v.row = r.data().row(v.seq, v.random);
    }
    if (r.usesClock) {
      v.nowMs = System.currentTimeMillis();
    }
    r.render(rendering, bodyRendering, v);
    c.segments[0] = copied(c, rendering.bytes, 0, rendering.length);
    ByteBuffer body = c.bodies[t];
    if (body != null) {
      body.rewind();
      c.segments[1] = body;
      c.segmentCount = 2;
    } else {
      c.segmentCount = 1;
    }
  }

  /**
   * The next request of the replayed log: the log's order over and over (shared by all loops), or
   * the line the schedule is at when the log's time shape is followed.
   */
  private void prepareReplayed(Connection c) {
    ReplayRequests r = replay;
    long line = r.due != null ? c.line : sequence.getAndIncrement();
    int request = r.sequence[(int) (line % r.sequence.length)];
    c.group = r.groupOf[request];
    c.head = r.head[request];
    c.segments[0] = copied(c, r.arena, r.offset[request], r.length[request]);
    c.segmentCount = 1;
  }

  /**
   * Counts a request against the connection's user: the first one starts a user; one past its
   * share hands the connection to a new user with no cookies.
   */
  private void countUserRequest(Connection c) {
    if (requestsPerUser > 0 && c.userRequests == requestsPerUser) {
      c.cookies.clear();
      c.userRequests = 0;
    }
    if (c.userRequests++ == 0) {
      usersStarted++;
    }
  }

  /**
   * {@code bytes[from..from+length)} in the connection's own direct buffer (grown only when too
   * small), with the Cookie header of the connection's user when it has cookies.
   */
  private ByteBuffer copied(Connection c, byte[] bytes, int from, int length) {
    if (c.cookies != null && !c.cookies.isEmpty()) {
      c.cookies.addTo(bytes, from, length, cookieRendering);
      bytes = cookieRendering.bytes;
      from = 0;
      length = cookieRendering.length;
    }
    ByteBuffer out = c.rendered;
    if (out == null || out.capacity() < length) {
      out = ByteBuffer.allocateDirect(Math.max(length, out == null ? 512 : 2 * out.capacity()));
      c.rendered = out;
    }
    out.clear();
    out.put(bytes, from, length).flip();
    return out;
  }

  private void continueWrite(Connection c) {
    boolean sent;
    try {
      if (c.tls != null) {
        sent = c.tls.write(c.channel, c.segments, c.segmentCount);
      } else if (c.segmentCount == 1) {
        ByteBuffer request = c.segments[0];
        c.channel.write(request);
        sent = !request.hasRemaining();
      } else {
        c.channel.write(c.segments, 0, c.segmentCount);
        sent = !c.segments[c.segmentCount - 1].hasRemaining();
      }
    } catch (IOException e) {
      requestFailed(c, ErrorKind.RESET, 0);
      return;
    }
    if (!sent) {
      c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
    } else {
      if ((c.key.interestOps() & SelectionKey.OP_WRITE) != 0) {
        c.key.interestOps(SelectionKey.OP_READ);
      }
      c.state = AWAITING;
    }
  }

  private void connect(Connection c, int addressIndex) {
    c.addressIndex = addressIndex;
    c.served = 0;
    c.connectStartNanos = now;
    c.state = CONNECTING;
    try {
      SocketChannel channel = SocketChannel.open();
      c.channel = channel;
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      boolean connected = channel.connect(endpoints[addressIndex].address());
      c.key = channel.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, c);
      if (connected) {
        tcpConnected(c);
      }
    } catch (IOException e) {
      connectFailed(c);
    }
  }

  /** The TCP connection is up: plain HTTP is ready, https:// starts its TLS handshake. */
  private void tcpConnected(Connection c) {
    Endpoint endpoint = endpoints[c.addressIndex];
    if (!endpoint.tls()) {
      connected(c);
      return;
    }
    if (c.tlsBuffers == null) {
      c.tlsBuffers = new TlsChannel();
    }
    c.tls = c.tlsBuffers;
    try {
      c.tls.start(TlsContexts.clientEngine(tlsContext, endpoint.host(), endpoint.address().getPort(), insecure));
    } catch (IOException e) {
      connectFailed(c);
      return;
    }
    continueHandshake(c);
  }

  private void continueHandshake(Connection c) {
    int step;
    try {
      step = c.tls.handshake(c.channel, tlsAppBuffer);
    } catch (IOException | RuntimeException e) {
      // SSLEngine reports some broken handshakes as runtime exceptions
      now = System.nanoTime();
      connectFailed(c);
      return;
    }
    if (step == TlsChannel.DONE) {
      now = System.nanoTime();
      c.key.interestOps(SelectionKey.OP_READ);
      connected(c);
    } else {
      c.key.interestOps(step == TlsChannel.WANTS_WRITE ? SelectionKey.OP_READ | SelectionKey.OP_WRITE
          : SelectionKey.OP_READ);
    }
  }

  private void connected(Connection c) {
    c.state = IDLE;
    if (c.pendingTarget >= 0) {
      write(c);
    } else {
      becomeReady(c);
    }
  }

  private void connectFailed(Connection c) {
    if (now >= control.measureStartNanos) {
      control.countError(ErrorKind.CONNECT);
    }
    closeChannel(c);
    c.state = DISCONNECTED;
    c.reconnectAtNanos = now + CONNECT_RETRY_NANOS;
    if (c.pendingTarget >= 0) {
      c.pendingTarget = -1;
      inFlight--;
    }
  }

  /** The request on {@code c} failed: count it, drop the connection, carry on after a pause. */
  private void requestFailed(Connection c, ErrorKind kind, long retryDelayNanos) {
    if (closedWhileIdle(c, kind)) {
      serverClosesSilently = true;
      resendOnNewConnection(c);
      return;
    }
    if (c.phase == RunControl.MEASURED && (c.state == SENDING || c.state == AWAITING)) {
      control.countError(kind);
    }
    if (c.state == SENDING || c.state == AWAITING) {
      inFlight--;
      if (groupErrors != null) {
        groupErrors[c.phase][c.group]++;
      }
    }
    closeChannel(c);
    c.state = DISCONNECTED;
    c.reconnectAtNanos = now + retryDelayNanos;
    if (retryDelayNanos == 0) {
      becomeReady(c);
    }
  }

  /**
   * Whether a reset hit a request sent on a reused socket before any byte of its response came
   * back: the server closed the socket after its previous response without saying so (no
   * {@code Connection: close}), and its close crossed our request. The request never reached
   * the application, so it is no error; a socket that fails on its first request is.
   */
  private static boolean closedWhileIdle(Connection c, ErrorKind kind) {
    return kind == ErrorKind.RESET && c.served > 0 && (c.state == SENDING || c.state == AWAITING)
        && c.parser.receivedNothing();
  }

  /**
   * Sends the request in flight again on a fresh socket. It keeps its intended time, so the
   * corrected latency includes the lost attempt; the uncorrected one starts at the new write.
   */
  private void resendOnNewConnection(Connection c) {
    closeChannel(c);
    c.resend = true;
    c.pendingTarget = c.target;
    connect(c, c.addressIndex);
  }

  private void onReady(SelectionKey key) {
    Connection c = (Connection) key.attachment();
    if (!key.isValid()) {
      return;
    }
    int ready = key.readyOps();
    if ((ready & SelectionKey.OP_CONNECT) != 0) {
      now = System.nanoTime();
      try {
        c.channel.finishConnect();
        key.interestOps(SelectionKey.OP_READ);
      } catch (IOException e) {
        connectFailed(c);
        return;
      }
      tcpConnected(c);
      return;
    }
    if (c.state == CONNECTING) {
      // only a TLS handshake in progress waits for reads or writes while connecting
      continueHandshake(c);
      return;
    }
    if ((ready & SelectionKey.OP_WRITE) != 0 && c.state == SENDING) {
      continueWrite(c);
      if (!key.isValid()) {
        return;
      }
    }
    if ((ready & SelectionKey.OP_READ) != 0) {
      read(c);
    }
  }

  private void read(Connection c) {
    readBuffer.clear();
    int n = readSocket(c, c.tls == null ? readBuffer : c.tls.readTarget());
    if (n == 0 || n == READ_FAILED) {
      return;
    }
    if (c.tls != null) {
      unwrapAll(c, n < 0);
      return;
    }
    if (n < 0) {
      endOfStream(c);
      return;
    }
    readBuffer.flip();
    readBuffer.get(readBytes, 0, n);
    received(c, readBytes, n);
  }

  /**
   * One non-blocking read of {@code c}'s socket into {@code into}: the byte count, -1 at end of
   * stream, or {@link #READ_FAILED} after a reset (the connection is dropped). Sets the clock
   * when something happened.
   */
  private int readSocket(Connection c, ByteBuffer into) {
    try {
      int n = c.channel.read(into);
      if (n != 0) {
        now = System.nanoTime();
      }
      return n;
    } catch (IOException e) {
      now = System.nanoTime();
      dropConnection(c, ErrorKind.RESET);
      return READ_FAILED;
    }
  }

  /** Unwraps the TLS records read so far and hands each one's response bytes to the parser. */
  private void unwrapAll(Connection c, boolean endOfStream) {
    SocketChannel channel = c.channel;
    // every complete record is unwrapped now: no socket event would announce one left behind
    while (c.channel == channel) {
      int produced;
      try {
        produced = c.tls.unwrap(channel, tlsAppBuffer);
      } catch (IOException | RuntimeException e) {
        dropConnection(c, ErrorKind.RESET);
        return;
      }
      if (produced == TlsChannel.NEEDS_BYTES) {
        break;
      }
      if (produced == TlsChannel.CLOSED) {
        endOfStream(c);
        return;
      }
      if (produced > 0) {
        received(c, tlsAppBuffer.array(), produced);
      }
    }
    if (endOfStream && c.channel == channel) {
      endOfStream(c);
    }
  }

  /** The server closed its side of {@code c}. */
  private void endOfStream(Connection c) {
    if ((c.state == SENDING || c.state == AWAITING) && c.parser.endOfStream()) {
      completed(c, true);
    } else {
      dropConnection(c, ErrorKind.RESET);
    }
  }

  /** Response bytes {@code bytes[0..n)} arrived on {@code c}. */
  private void received(Connection c, byte[] bytes, int n) {
    if (c.state != SENDING && c.state != AWAITING) {
      // bytes nobody asked for: the connection is no longer in a known state
      if (now >= control.measureStartNanos && now < control.measureEndNanos) {
        control.countError(ErrorKind.PROTOCOL);
      }
      dropConnection(c, ErrorKind.PROTOCOL);
      return;
    }
    int used = c.parser.feed(bytes, 0, n);
    if (c.parser.hasFailed()) {
      requestFailed(c, ErrorKind.PROTOCOL, 0);
    } else if (c.parser.isComplete()) {
      completed(c, used < n);
    }
  }

  /**
   * The connection broke: a request in flight counts as {@code kind}; an idle connection that
   * the server closed (keep-alive timeout) is simply replaced.
   */
  private void dropConnection(Connection c, ErrorKind kind) {
    if (c.state == SENDING || c.state == AWAITING) {
      requestFailed(c, kind, 0);
      return;
    }
    closeChannel(c);
    c.state = DISCONNECTED;
    c.reconnectAtNanos = now;
    becomeReady(c);
  }

  private void completed(Connection c, boolean mustClose) {
    inFlight--;
    int status = c.parser.status();
    int phase = c.phase;
    long end = now;
    long ceiling = control.highestTrackableNanos;
    control.correctedByPhase[phase].recordValue(Math.min(end - c.intendedNanos, ceiling));
    control.uncorrectedByPhase[phase].recordValue(Math.min(end - c.sentNanos, ceiling));
    lastCompletionNanos[phase] = end;
    int inWindow = control.inWindow(end);
    servedInWindow += inWindow;
    if (samples != null) {
      samples[phase].record(c.intendedNanos - control.startNanos, end - c.intendedNanos);
    }
    c.served++;
    if (groupLatency != null) {
      groupLatency[phase][c.group].recordValue(Math.min(end - c.intendedNanos, groupCeiling));
      groupServedInWindow[c.group] += inWindow;
      if (status >= 400) {
        groupErrors[phase][c.group]++;
      } else {
        groupSuccesses[phase][c.group]++;
      }
    }
    if (status >= 500) {
      control.errorsByPhase[phase].incrementAndGet(ErrorKind.STATUS_5XX.ordinal());
    } else if (status >= 400) {
      control.errorsByPhase[phase].incrementAndGet(ErrorKind.STATUS_4XX.ordinal());
    } else {
      successes[phase]++;
    }
    if (mustClose || c.parser.closesConnection() || (serverClosesSilently && closedByServer(c))) {
      closeChannel(c);
      c.state = DISCONNECTED;
      c.reconnectAtNanos = now;
    } else {
      c.state = IDLE;
    }
    becomeReady(c);
  }

  /**
   * Whether the server has already closed {@code c} after the response just read (its FIN
   * usually arrives with the response): one non-blocking read, done only against servers known
   * to close without {@code Connection: close}, so a keep-alive server costs nothing. A close
   * that arrives later still costs a resend.
   */
  private boolean closedByServer(Connection c) {
    readBuffer.clear();
    try {
      // more bytes than the response are no better: the connection is not reusable either way
      return c.channel.read(c.tls == null ? readBuffer : c.tls.readTarget()) != 0;
    } catch (IOException e) {
      return true;
    }
  }

  private void pushIdle(Connection c) {
    if (!c.inIdleStack) {
      c.inIdleStack = true;
      idleStack[idleCount++] = c.slot;
    }
  }

  private Connection popIdle() {
    while (idleCount > 0) {
      Connection c = connections[idleStack[--idleCount]];
      c.inIdleStack = false;
      if (c.state == IDLE) {
        return c;
      }
    }
    return null;
  }

  private static void closeChannel(Connection c) {
    if (c.key != null) {
      c.key.cancel();
      c.key = null;
    }
    if (c.channel != null) {
      if (c.tls != null) {
        c.tls.close(c.channel);
        c.tls = null;
      }
      try {
        c.channel.close();
      } catch (IOException ignored) {
        // closing a broken socket: nothing to report
      }
      c.channel = null;
    }
  }
}
