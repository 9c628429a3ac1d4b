// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_data.h"

#include "figures/figure_text.h"

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
        const QString label = r.text.isEmpty() ? r.label : r.label + QStringLiteral(": ") + r.text;
        out += csvField(
            r.unit.isEmpty() ? label : label + QStringLiteral(" [") + r.unit + QStringLiteral("]"));
        out += ",,,";
        appendNumber(out, r.value);
        out += '\n';
    }
    return out;
}

QString formatNumber(double v, int digits) {
    if (std::isnan(v)) {
        return FigureText::tr("n/a");
    }
    if (std::isinf(v)) {
        return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    }
    const QString minus = QString(QChar(0x2212));
    if (v == std::round(v) && std::abs(v) < 1e5) {
        return QString::number(static_cast<qlonglong>(v)).replace(QLatin1Char('-'), minus);
    }
    const double a = std::abs(v);
    if (a != 0 && (a >= std::pow(10.0, digits) || a < 1e-3)) {
        // Mantissa and exponent from the rounded text, so 9.9996e5 becomes 1×10⁶, not 10×10⁵.
        const QString text = QString::number(a, 'e', std::max(digits - 1, 0));
        const qsizetype e = text.indexOf(QLatin1Char('e'));
        QString mantissa = text.left(e);
        if (mantissa.contains(QLatin1Char('.'))) {
            while (mantissa.endsWith(QLatin1Char('0'))) {
                mantissa.chop(1);
            }
            if (mantissa.endsWith(QLatin1Char('.'))) {
                mantissa.chop(1);
            }
        }
        const int exponent = text.mid(e + 1).toInt();
        const QString sign = v < 0 ? minus : QString();
        const QString prefix =
            mantissa == QLatin1String("1") ? QString() : mantissa + QStringLiteral("×");
        return sign + prefix + QStringLiteral("10") + superscriptNumber(QString::number(exponent));
    }
    return QString::number(v, 'g', digits).replace(QLatin1Char('-'), minus);
}

QString subscriptDigits(long long value) {
    static const QString digits = QStringLiteral("₀₁₂₃₄₅₆₇₈₉");
    QString out;
    for (const QChar c : QString::number(value)) {
        out += c.isDigit() ? digits.at(c.digitValue()) : QChar(0x208B); // ₋
    }
    return out;
}

QString superscriptNumber(const QString& number) {
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out;
    for (const QChar c : number) {
        if (c.isDigit()) {
            out += digits.at(c.digitValue());
        } else if (c == QLatin1Char('-') || c == QChar(0x2212)) {
            out += QChar(0x207B); // ⁻
        } else if (c == QLatin1Char('.')) {
            out += QChar(0x1427); // ᐧ
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace rope::figures
