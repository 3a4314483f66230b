package io.jtune.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.jtune.common.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rows of a data file that templated requests take their {@code ${COLUMN}} values from: CSV
 * with a header line, or JSON lines (one object per line; its keys are the columns, those of the
 * first line). Each request takes one row, in the file's {@link DataOrder}; all of a request's
 * references use that row. Cells are kept as UTF-8 bytes, and as they go into a URL (characters
 * a URL cannot carry percent-encoded), so requests copy them without converting anything.
 */
public final class DataFile {
  /** Most rows a data file may have: its cells are held in memory. */
  static final int MAX_ROWS = 5_000_000;

  private final Path path;
  private final DataOrder order;
  private final List<String> columns;
  /** [row][column]: the cell's UTF-8 bytes. */
  private final byte[][][] cells;
  /** [column][row]: the cell as it goes into a URL, made when a URL first refers to the column. */
  private final byte[][][] urlCells;
  /** The shuffled order of the rows ({@link DataOrder#SHUFFLE}), else null. */
  private final int[] shuffled;

  private DataFile(Path path, DataOrder order, List<String> columns, byte[][][] cells) {
    this.path = path;
    this.order = order;
    this.columns = List.copyOf(columns);
    this.cells = cells;
    this.urlCells = new byte[columns.size()][][];
    if (order == DataOrder.SHUFFLE) {
      shuffled = new int[cells.length];
      SplittableRandom random = new SplittableRandom();
      for (int i = 0; i < shuffled.length; i++) {
        int j = random.nextInt(i + 1);
        shuffled[i] = shuffled[j];
        shuffled[j] = i;
      }
    } else {
      shuffled = null;
    }
  }

  /**
   * Reads the file: JSON lines when its first character (after blanks) is {@code {}, else CSV
   * with a header. A missing or unreadable file, a file without rows, a row whose cell count
   * differs from the header's, or a JSON line that is not an object is a one-line
   * {@link LoadException}.
   */
  public static DataFile read(Path path, DataOrder order) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(path))).toString();
    } catch (NoSuchFileException e) {
      throw new LoadException("data file not found: " + path);
    } catch (CharacterCodingException e) {
      throw new LoadException("data file " + path + " is not UTF-8 text (give CSV with a header line, or JSON lines)");
    } catch (IOException e) {
      throw new LoadException("cannot read data file " + path + ": " + e.getMessage());
    }
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    List<String> columns = new ArrayList<>();
    List<byte[][]> rows = new ArrayList<>();
    try {
      if (text.stripLeading().startsWith("{")) {
        readJsonLines(path, new java.io.StringReader(text), columns, rows);
      } else {
        readCsv(path, new java.io.StringReader(text), columns, rows);
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof LoadException le) {
        throw le;
      }
      throw new LoadException("data file " + path + " is not CSV with a header line or JSON lines: "
          + e.getMessage().lines().findFirst().orElse(""), e);
    }
    if (columns.isEmpty()) {
      throw new LoadException("data file " + path + " is empty (give CSV with a header line, or JSON lines)");
    }
    if (rows.isEmpty()) {
      throw new LoadException("data file " + path + " has no rows, only its columns: " + String.join(", ", columns));
    }
    return new DataFile(path, order, columns, rows.toArray(new byte[0][][]));
  }

  private static void readCsv(Path path, Reader in, List<String> columns, List<byte[][]> rows) throws IOException {
    CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    try (MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
      int line = 0;
      while (it.hasNext()) {
        String[] cells = it.next();
        line++;
        if (cells.length == 1 && cells[0].isEmpty()) {
          continue;
        }
        if (columns.isEmpty()) {
          for (String c : cells) {
            columns.add(c.strip());
          }
          continue;
        }
        if (cells.length != columns.size()) {
          throw new LoadException("data file " + path + " row " + (rows.size() + 1) + " has " + cells.length
              + " cells, its header " + columns.size() + " (" + String.join(", ", columns) + ")");
        }
        addRow(rows, cells);
      }
    }
  }

  private static void readJsonLines(Path path, Reader in, List<String> columns, List<byte[][]> rows)
      throws IOException {
    try (BufferedReader lines = new BufferedReader(in)) {
      String line;
      int number = 0;
      while ((line = lines.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        JsonNode node = Json.mapper().readTree(line);
        if (node == null || !node.isObject()) {
          throw new LoadException("data file " + path + " line " + number + " is not a JSON object");
        }
        if (columns.isEmpty()) {
          node.fieldNames().forEachRemaining(columns::add);
        }
        String[] cells = new String[columns.size()];
        for (int c = 0; c < cells.length; c++) {
          JsonNode v = node.get(columns.get(c));
          if (v == null) {
            throw new LoadException("data file " + path + " line " + number + " has no '" + columns.get(c)
                + "' (the first line's keys are the columns: " + String.join(", ", columns) + ")");
          }
          cells[c] = v.isValueNode() ? v.asText() : v.toString();
        }
        addRow(rows, cells);
      }
    }
  }

  private static void addRow(List<byte[][]> rows, String[] cells) {
    if (rows.size() >= MAX_ROWS) {
      throw new LoadException("data file has more than " + MAX_ROWS + " rows");
    }
    byte[][] row = new byte[cells.length][];
    for (int c = 0; c < cells.length; c++) {
      row[c] = cells[c].getBytes(StandardCharsets.UTF_8);
    }
    rows.add(row);
  }

  /** The file as given. */
  public Path path() {
    return path;
  }

  /** The order requests take the rows in. */
  public DataOrder order() {
    return order;
  }

  /** The column names, in the file's order. */
  public List<String> columns() {
    return columns;
  }

  /** The number of rows. */
  public int rows() {
    return cells.length;
  }

  /** The column's index, or -1. */
  int column(String name) {
    return columns.indexOf(name);
  }

  /** The cell as UTF-8 bytes. */
  byte[] cell(int row, int column) {
    return cells[row][column];
  }

  /** The column's cells as they go into a URL (made on first use, before any request). */
  synchronized byte[][] urlColumn(int column) {
    if (urlCells[column] == null) {
      byte[][] out = new byte[cells.length][];
      for (int r = 0; r < cells.length; r++) {
        out[r] = UrlText.legal(cells[r][column]);
      }
      urlCells[column] = out;
    }
    return urlCells[column];
  }

  /** The first row (from 1) whose cell of the column holds a line break, or 0. */
  int rowWithLineBreak(int column) {
    for (int r = 0; r < cells.length; r++) {
      for (byte b : cells[r][column]) {
        if (b == '\r' || b == '\n') {
          return r + 1;
        }
      }
    }
    return 0;
  }

  /**
   * The row the request numbered {@code seq} (from 1, shared by all event loops) takes; {@code random}
   * is the event loop's generator.
   */
  int row(long seq, SplittableRandom random) {
    return switch (order) {
      case SEQUENTIAL -> (int) ((seq - 1) % cells.length);
      case SHUFFLE -> shuffled[(int) ((seq - 1) % cells.length)];
      case RANDOM -> random.nextInt(cells.length);
    };
  }

  /** Whether taking a row needs the shared request number. */
  boolean needsSequence() {
    return order != DataOrder.RANDOM;
  }

  /** A short description for messages: the file and its columns. */
  public String describe() {
    return path + " (" + rows() + " rows; columns: " + String.join(", ", columns) + ")";
  }
}
