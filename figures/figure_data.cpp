// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_data.h"

#include <cmath>
#include <cstdio>

namespace rope::figures {

namespace {

void appendNumber(QByteArray& out, double v) {
    if (std::isnan(v)) {
        out += "nan";
        return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out += buf;
}

QByteArray csvField(const QString& text) {
    QString t = text;
    if (t.contains(QLatin1Char(',')) || t.contains(QLatin1Char('"')) ||
        t.contains(QLatin1Char('\n'))) {
        t.replace(QLatin1String("\""), QLatin1String("\"\""));
        t = QLatin1Char('"') + t + QLatin1Char('"');
    }
    return t.toUtf8();
}

void appendSeries(QByteArray& out, const std::vector<Series>& series) {
    for (const Series& s : series) {
        if (s.style == SeriesStyle::Guide) {
            continue;
        }
        const QByteArray name = csvField(s.name);
        for (std::size_t k = 0; k < s.x.size(); ++k) {
            out += name;
            out += ',';
            appendNumber(out, s.x[k]);
            out += ',';
            appendNumber(out, s.y[k]);
            out += ",\n";
        }
    }
}

} // namespace

QByteArray figureCsv(const FigureData& data) {
    QByteArray out = "series,x,y,value\n";
    if (data.colourMap) {
        const ColourMap& m = *data.colourMap;
        const QByteArray name = csvField(m.label);
        const double dx = m.columns > 1 ? (m.xLast - m.xFirst) / (m.columns - 1) : 0.0;
        const double dy = m.rows > 1 ? (m.yLast - m.yFirst) / (m.rows - 1) : 0.0;
        for (int r = 0; r < m.rows; ++r) {
            for (int c = 0; c < m.columns; ++c) {
                out += name;
                out += ',';
                appendNumber(out, m.xFirst + c * dx);
                out += ',';
                appendNumber(out, m.yFirst + r * dy);
                out += ',';
                appendNumber(
                    out,
                    m.values[static_cast<std::size_t>(r) * static_cast<std::size_t>(m.columns) +
                             static_cast<std::size_t>(c)]);
                out += '\n';
            }
        }
    }
    appendSeries(out, data.series);
    if (data.side) {
        appendSeries(out, data.side->series);
    }
    for (const Readout& r : data.readouts) {
        out += csvField(r.unit.isEmpty()
                            ? r.label
                            : r.label + QStringLiteral(" [") + r.unit + QStringLiteral("]"));
        out += ",,,";
        appendNumber(out, r.value);
        out += '\n';
    }
    return out;
}

} // namespace rope::figures
