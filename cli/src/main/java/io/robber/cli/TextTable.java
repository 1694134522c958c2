package io.robber.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left- or right-aligned columns sized to their content. */
public final class TextTable {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> rightAligned = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** Adds a left-aligned column (names, text). */
    public TextTable left(String header) {
        headers.add(header);
        rightAligned.add(false);
        return this;
    }

    /** Adds a right-aligned column (numbers). */
    public TextTable right(String header) {
        headers.add(header);
        rightAligned.add(true);
        return this;
    }

    public TextTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
        }
        List<String> row = new ArrayList<>(cells.length);
        for (Object cell : cells) {
            row.add(String.valueOf(cell));
        }
        rows.add(row);
        return this;
    }

    /** The table, one line per row after the header line, each line ending in a newline. */
    public String render() {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths);
        rows.forEach(row -> line(out, row, widths));
        return out.toString();
    }

    private void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            line.append(rightAligned.get(c) ? pad + cell : cell + pad);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
