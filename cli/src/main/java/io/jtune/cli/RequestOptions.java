package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.BodyFile;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.load.DataFile;
import io.jtune.load.DataOrder;
import io.jtune.load.LoadException;
import io.jtune.load.SecretBodyFields;
import io.jtune.load.RequestTemplate;
import io.jtune.load.VirtualUsers;
import io.jtune.load.WeightedUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * What each request of a load sends beyond its URL, the same options for every command that
 * sends load or writes a plan that does ({@code load}, {@code capacity}, {@code tune},
 * {@code suggest}): method, headers, body, the response timeout, {@code --insecure} and the
 * users' cookies ({@code --cookies}, {@code --requests-per-user}); the
 * commands that take several URLs add their shares ({@link Weights}).
 */
final class RequestOptions {
  private static final java.util.regex.Pattern ENV_REFERENCE =
      java.util.regex.Pattern.compile("(?<!\\$)\\$\\{env:[A-Za-z_][A-Za-z0-9_]*\\}");

  @Option(names = {"-X", "--method"}, defaultValue = "GET", description = "HTTP method (default ${DEFAULT-VALUE})")
  String method;

  @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'",
      description = "extra request header (repeatable); a value may refer to an environment variable as $${env:NAME},"
          + " read when the requests are sent")
  List<String> headers = new ArrayList<>();

  @Option(names = "--secret-header", paramLabel = "NAME",
      description = "a header whose value is secret (repeatable), besides Authorization, Proxy-Authorization, Cookie,"
          + " Set-Cookie and names ending in -Key, -Token or -Secret: files hold its $${env:NAME} reference, never a value"
          + " given in clear (<redacted>)")
  List<String> secretHeaders = new ArrayList<>();

  @Option(names = {"-b", "--body"}, paramLabel = "TEXT|@FILE",
      description = {"request body: the text given, or @FILE for the file's bytes, any bytes and size (--body @FILE or"
          + " --body=@FILE); plans refer to the file by path and SHA-256",
          "URL paths and queries, header values and bodies that are UTF-8 text may hold templates, each request"
              + " filled in anew (quote them in single quotes): $${seq} (1, 2, ...), $${uuid}, $${rand:MIN-MAX},"
              + " $${hex:N}, $${now} (ISO time), $${nowMs}, $${env:NAME}, $${COLUMN} (a --data file's column);"
              + " one more $ before $${ sends it as written"})
  String body;

  @Option(names = "--data", paramLabel = "FILE",
      description = "rows for $${COLUMN} templates: CSV with a header line, or JSON lines; each request takes one row")
  Path data;

  @Option(names = "--data-order", paramLabel = "ORDER", defaultValue = "sequential",
      description = "the order requests take --data rows in, starting again at the top: sequential, random or"
          + " shuffle (every row once per pass) (default ${DEFAULT-VALUE})")
  String dataOrder;

  @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
      description = "longest wait for one response or connect (default ${DEFAULT-VALUE})")
  Duration timeout;

  @Option(names = "--insecure", description = InsecureOption.DESCRIPTION)
  boolean insecure;

  @Option(names = "--cookies",
      description = {"each connection is a virtual user with its own cookie jar, as a browser: the Set-Cookie headers"
          + " of its responses are kept (Max-Age=0 or an Expires in the past deletes one) and its later requests"
          + " send them in one Cookie header, so a service that keeps sessions sees one per user, not one per"
          + " request. Domain, Path and Secure are not checked: every cookie of a user goes with all its requests."
          + " A Cookie header given with -H is kept and the jar's cookies are added to it; for a name in both,"
          + " the -H value wins. Cookie values are never written to results or plans"})
  boolean cookies;

  @Option(names = "--requests-per-user", paramLabel = "N",
      description = "with --cookies: a user leaves after N requests and a new one with no cookies takes its connection"
          + " (the service sees new sessions at rate / N per second); without it a user lasts the whole run (in the"
          + " open model the users are then the connections the schedule needed, often a few)")
  Long requestsPerUser;

  /**
   * The defaults of commands that write a plan ({@code tune}, {@code suggest}): a plan level's
   * timeout, 10 s, instead of a single load's 5 s.
   */
  static final class PlanDefaults implements IDefaultValueProvider {
    @Override
    public String defaultValue(ArgSpec arg) {
      return arg instanceof OptionSpec o && o.longestName().equals("--timeout") ? "10s" : null;
    }
  }

  /** {@code --weights}: the shares of several URLs. */
  static final class Weights {
    @Option(names = "--weights", split = ",", paramLabel = "W",
        description = "relative share of each URL, in order (default all 1)")
    List<Integer> weights;
  }

  /** The users the connections stand for: {@code --cookies} and {@code --requests-per-user}, checked. */
  VirtualUsers users() {
    if (requestsPerUser != null && requestsPerUser < 1) {
      throw new JtuneException("--requests-per-user must be at least 1, got " + requestsPerUser);
    }
    if (requestsPerUser != null && !cookies) {
      throw new JtuneException("--requests-per-user needs --cookies: a user who leaves differs from the next one only"
          + " by its cookies");
    }
    return cookies ? new VirtualUsers(true, requestsPerUser == null ? 0 : requestsPerUser) : VirtualUsers.NONE;
  }

  /** One request template per URL, each with its share ({@code weights} null: all 1). */
  List<RequestTemplate> templates(List<String> urls, List<Integer> weights) {
    try {
      byte[] bytes = body(body);
      if (weights != null && weights.size() != urls.size()) {
        throw new LoadException("--weights has " + weights.size() + " values for " + urls.size() + " URLs");
      }
      DataFile rows = dataFile();
      List<RequestTemplate> out = new ArrayList<>();
      for (int i = 0; i < urls.size(); i++) {
        RequestTemplate t = new RequestTemplate(RequestTemplate.parseUrl(urls.get(i)), method, headers, bytes,
            weights == null ? 1 : weights.get(i), rows);
        // an unknown template name or column is an error now, before any request
        t.check();
        out.add(t);
      }
      return out;
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
  }

  /** The --data file read now (null without --data): a missing or empty file is a one-line error. */
  private DataFile dataFile() {
    return data == null ? null : DataFile.read(data, DataOrder.parse(dataOrder));
  }

  /**
   * A plan level's request: method, headers, body text or body file (a plan refers to the file by
   * path and SHA-256, whatever its bytes and size), data file and insecure, checked as the load
   * checks them (templates included; the URLs are checked when the plan's requests are first sent).
   */
  LevelRequest levelRequest() {
    try {
      byte[] bytes = body(body);
      DataFile rows = dataFile();
      // a plan keeps ${env:NAME} as a reference, resolved when its requests are sent: the variable
      // need not be set to write the plan, so the check reads a stand-in value for it
      List<String> checked = headers.stream().map(h -> ENV_REFERENCE.matcher(h).replaceAll("env")).toList();
      new RequestTemplate(RequestTemplate.parseUrl("http://127.0.0.1/"), method, checked, bytes, 1, rows).check();
      BodyFile file = body != null && body.startsWith("@") ? BodyFile.of(Path.of(body.substring(1))) : null;
      String text = body == null || file != null ? null : body;
      String secret = SecretBodyFields.firstInClear(text);
      if (secret != null) {
        // the plan this command writes keeps an inline body as it is: a secret field is given by reference
        throw new JtuneException("--body has the field '" + secret + "' in clear, and the plan this command writes"
            + " would keep it: give its value as ${env:NAME} (read when the requests are sent, e.g. \"" + secret
            + "\": \"${env:" + envName(secret) + "}\"), or the body as --body @FILE (plans refer to the file by path"
            + " and SHA-256)");
      }
      LevelRequest.DataSource source = data == null ? null
          : new LevelRequest.DataSource(data.toAbsolutePath().normalize(), rows.order());
      return new LevelRequest(method, headers.stream().map(String::strip).toList(), text, insecure, secretHeaders,
          file, source, null, users());
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
  }

  /**
   * A plan's URL entries ({@code PATH} or {@code 'WEIGHT PATH'}, as {@link WeightedUrl} writes
   * them), each checked, with the --weights shares put in front when given ({@code weights}
   * null: none given).
   */
  static List<String> weighted(List<String> urls, List<Integer> weights) {
    List<WeightedUrl> entries = new ArrayList<>();
    for (String u : urls) {
      if (!u.strip().matches("(\\d+\\s+)?\\S+")) {
        throw new JtuneException("--url '" + u + "': give a path such as /api/items, or 'WEIGHT PATH' such as '3 /api/items'");
      }
      try {
        entries.add(WeightedUrl.parse(u));
      } catch (LoadException e) {
        throw new JtuneException("--url " + e.getMessage(), e);
      }
    }
    if (weights == null) {
      return entries.stream().map(WeightedUrl::toString).toList();
    }
    if (weights.size() != urls.size()) {
      throw new JtuneException("--weights has " + weights.size() + " values for " + urls.size() + " URLs");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      WeightedUrl u = entries.get(i);
      int w = weights.get(i);
      if (u.weightWritten()) {
        throw new JtuneException("--url '" + u + "' has a weight, and --weights gives one: use one of them");
      }
      if (w < 1 || w > WeightedUrl.MAX_WEIGHT) {
        throw new JtuneException("--weights: a weight is a whole number from 1 to " + WeightedUrl.MAX_WEIGHT + ", not " + w);
      }
      out.add(WeightedUrl.of(w, u.url()).toString());
    }
    return out;
  }

  /** A variable name for a field: {@code client_secret} is CLIENT_SECRET, {@code apiKey} API_KEY. */
  private static String envName(String field) {
    return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_").toUpperCase(java.util.Locale.ROOT);
  }

  /** The request body: none, the text given, or the bytes of {@code @FILE}. */
  static byte[] body(String body) {
    if (body == null) {
      return null;
    }
    if (!body.startsWith("@")) {
      return body.getBytes(StandardCharsets.UTF_8);
    }
    Path file = Path.of(body.substring(1));
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new LoadException("body file not found: " + file);
    } catch (IOException e) {
      throw new LoadException("cannot read body file " + file + ": " + e.getMessage());
    }
  }
}
