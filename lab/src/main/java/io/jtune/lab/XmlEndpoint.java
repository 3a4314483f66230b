package io.jtune.lab;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.dom4j.Document;
import org.dom4j.DocumentException;
import org.dom4j.Element;
import org.dom4j.io.SAXReader;

/**
 * {@code /xml?nodes=&depth=&shared=}: parses a generated XML document with dom4j, as an XML
 * over HTTP service parses each request body. {@code shared=true} funnels every request through one
 * synchronized parser, which piles worker threads up BLOCKED on its lock; {@code shared=false}
 * gives each worker thread its own parser.
 */
final class XmlEndpoint {
  static final int MAX_ELEMENTS = 200_000;

  private final SAXReader sharedParser = SAXReader.createDefault();
  private final ThreadLocal<SAXReader> threadParser = ThreadLocal.withInitial(SAXReader::createDefault);
  private final Map<Long, byte[]> documents = new ConcurrentHashMap<>();

  String handle(RequestParams params) throws DocumentException {
    int nodes = (int) params.number("nodes", 100, 1, MAX_ELEMENTS);
    int depth = (int) params.number("depth", 3, 1, 50);
    boolean shared = params.flag("shared", false);
    if ((long) nodes * depth > MAX_ELEMENTS) {
      throw new BadRequestException("nodes x depth must be at most " + MAX_ELEMENTS
          + ", got " + ((long) nodes * depth));
    }
    byte[] xml = document(nodes, depth);
    Document doc;
    if (shared) {
      synchronized (sharedParser) {
        doc = sharedParser.read(new ByteArrayInputStream(xml));
      }
    } else {
      doc = threadParser.get().read(new ByteArrayInputStream(xml));
    }
    return "ok elements=" + countElements(doc.getRootElement()) + " bytes=" + xml.length + "\n";
  }

  private byte[] document(int nodes, int depth) {
    long key = ((long) nodes << 8) | depth;
    byte[] xml = documents.get(key);
    if (xml == null) {
      if (documents.size() > 64) {
        documents.clear();
      }
      xml = generate(nodes, depth);
      documents.put(key, xml);
    }
    return xml;
  }

  /** An order document: {@code nodes} items, each a chain of {@code depth} nested elements. */
  static byte[] generate(int nodes, int depth) {
    StringBuilder sb = new StringBuilder(nodes * depth * 64);
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<order id=\"42\">\n");
    for (int n = 0; n < nodes; n++) {
      for (int d = 1; d < depth; d++) {
        sb.append("<part level=\"").append(d).append("\" sku=\"SKU-").append(n).append('-').append(d)
            .append("\">");
      }
      sb.append("<item qty=\"").append(n % 7 + 1).append("\">item ").append(n)
          .append(" &amp; more text</item>");
      for (int d = 1; d < depth; d++) {
        sb.append("</part>");
      }
      sb.append('\n');
    }
    sb.append("</order>\n");
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static int countElements(Element element) {
    int count = 1;
    for (Iterator<Element> it = element.elementIterator(); it.hasNext(); ) {
      count += countElements(it.next());
    }
    return count;
  }
}
