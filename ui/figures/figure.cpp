// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/figure.h"

#include "ui/figures/colour_maps.h"

#include <qcustomplot.h>

#include <array>
#include <cmath>
#include <cstdio>

namespace rope::ui {

QColor paletteColour(int index) {
    // Okabe & Ito (2008): distinguishable under the common colour-vision deficiencies. Yellow
    // (#F0E442) is left out: too light on white.
    static const std::array<QColor, 7> colours = {
        QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00),
        QColor(0x00, 0x00, 0x00)};
    const int n = static_cast<int>(colours.size());
    return colours[static_cast<std::size_t>(((index % n) + n) % n)];
}

namespace {

QCPTextElement* titleElement(QCustomPlot& plot) {
    QCPLayoutGrid* layout = plot.plotLayout();
    if (auto* title = qobject_cast<QCPTextElement*>(layout->element(0, 0))) {
        return title;
    }
    layout->insertRow(0);
    QFont font = plot.font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    font.setBold(true);
    auto* title = new QCPTextElement(&plot, QString(), font);
    layout->addElement(0, 0, title);
    return title;
}

QCPColorScale* colourScale(QCustomPlot& plot, bool wanted) {
    QCPLayoutGrid* layout = plot.plotLayout();
    auto* scale = layout->rowCount() > 1 && layout->columnCount() > 1
                      ? qobject_cast<QCPColorScale*>(layout->element(1, 1))
                      : nullptr;
    if (scale != nullptr && !wanted) {
        layout->remove(scale);
        layout->simplify();
        plot.axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, nullptr);
        return nullptr;
    }
    if (scale == nullptr && wanted) {
        scale = new QCPColorScale(&plot);
        layout->addElement(1, 1, scale);
        scale->setType(QCPAxis::atRight);
        // Keep the colour bar exactly as tall as the plot area.
        auto* group = new QCPMarginGroup(&plot);
        plot.axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
        scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    }
    return scale;
}

void drawColourMap(QCustomPlot& plot, const ColourMap& map) {
    auto* plottable = new QCPColorMap(plot.xAxis, plot.yAxis);
    plottable->setName(map.label);
    plottable->setInterpolate(false);
    plottable->setTightBoundary(false);
    // QCPColorMapData places cells by (index)/(size−1); a single cell would divide by zero, so
    // one column/row is stored twice at ±¼ cell, which draws the same full cell.
    const int cols = std::max(map.columns, 2);
    const int rows = std::max(map.rows, 2);
    const double dx = map.columns == 1 ? 0.25 : 0.0;
    const double dy = map.rows == 1 ? 0.25 : 0.0;
    plottable->data()->setSize(cols, rows);
    plottable->data()->setRange(QCPRange(map.xFirst - dx, map.xLast + dx),
                                QCPRange(map.yFirst - dy, map.yLast + dy));
    for (int r = 0; r < rows; ++r) {
        const int sr = std::min(r, map.rows - 1);
        for (int c = 0; c < cols; ++c) {
            const int sc = std::min(c, map.columns - 1);
            plottable->data()->setCell(
                c, r,
                map.values[static_cast<std::size_t>(sr) * static_cast<std::size_t>(map.columns) +
                           static_cast<std::size_t>(sc)]);
        }
    }
    QCPColorScale* scale = colourScale(plot, true);
    scale->axis()->setLabel(map.label);
    plottable->setColorScale(scale);
    plottable->setGradient(map.diverging ? divergingGradient() : viridisGradient());
    plottable->setDataScaleType(map.logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    scale->setDataScaleType(map.logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (map.logScale) {
        scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
        scale->axis()->setNumberFormat(QStringLiteral("eb"));
        scale->axis()->setNumberPrecision(0);
    } else {
        scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
        scale->axis()->setNumberFormat(QStringLiteral("gbd"));
        scale->axis()->setNumberPrecision(6);
    }
    plottable->setDataRange(QCPRange(map.zMin, map.zMax));
    plottable->removeFromLegend();
}

void drawSeries(QCustomPlot& plot, const Series& s) {
    // Wide antialiased pens are slow to stroke along long jagged polylines (a decay curve has
    // ~2 points per pixel); dense series get a 1-px pen so a frame stays within budget.
    QPen pen(paletteColour(s.colour), s.x.size() > 256 ? 1.0 : 2.0);
    const QVector<double> x(s.x.begin(), s.x.end());
    const QVector<double> y(s.y.begin(), s.y.end());
    QCPAbstractPlottable* plottable = nullptr;
    if (s.style == SeriesStyle::Bars) {
        auto* bars = new QCPBars(plot.xAxis, plot.yAxis);
        bars->setData(x, y, true);
        bars->setWidth(0.6);
        QColor fill = paletteColour(s.colour);
        fill.setAlpha(190);
        bars->setBrush(fill);
        plottable = bars;
    } else if (s.style == SeriesStyle::Line || s.style == SeriesStyle::Scatter) {
        auto* graph = plot.addGraph();
        graph->setData(x, y, true);
        if (s.style == SeriesStyle::Scatter) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        }
        plottable = graph;
    } else {
        auto* curve = new QCPCurve(plot.xAxis, plot.yAxis);
        curve->setData(x, y);
        plottable = curve;
        if (s.style == SeriesStyle::Guide) {
            pen = QPen(QColor(150, 150, 150), 1.0, Qt::DashLine);
        } else if (s.style == SeriesStyle::Arrow && s.x.size() >= 2) {
            auto* head = new QCPItemLine(&plot);
            head->start->setCoords(s.x[s.x.size() - 2], s.y[s.y.size() - 2]);
            head->end->setCoords(s.x.back(), s.y.back());
            head->setPen(pen);
            head->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10, 12));
        }
    }
    plottable->setName(s.name);
    plottable->setPen(pen);
    if (!s.inLegend || s.style == SeriesStyle::Guide) {
        plottable->removeFromLegend();
    }
}

QString readoutText(const Readout& r) {
    return QStringLiteral("%1 = %2%3")
        .arg(r.label, QString::number(r.value, 'g', 6),
             r.unit.isEmpty() ? QString() : QStringLiteral(" ") + r.unit);
}

// Widens the wanted x range (or y range) about its centre so one unit spans as many pixels on
// both axes. Runs after every layout pass (QCustomPlot::afterLayout), so the ratio holds for
// the on-screen size and for exports at any size (toPixmap/toPainter lay out again).
void applyEqualAspect(QCustomPlot& plot) {
    const QVariant wantX = plot.property("ropeAspectX");
    const QVariant wantY = plot.property("ropeAspectY");
    if (!wantX.isValid() || !wantY.isValid()) {
        return;
    }
    const QRect rect = plot.axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0) {
        return;
    }
    const QPointF xr = wantX.toPointF();
    const QPointF yr = wantY.toPointF();
    const double unitsPerPx =
        std::max((xr.y() - xr.x()) / rect.width(), (yr.y() - yr.x()) / rect.height());
    plot.xAxis->setRange(0.5 * (xr.x() + xr.y()), unitsPerPx * rect.width(), Qt::AlignCenter);
    plot.yAxis->setRange(0.5 * (yr.x() + yr.y()), unitsPerPx * rect.height(), Qt::AlignCenter);
}

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

} // namespace

void drawFigure(QCustomPlot& plot, const FigureData& data) {
    plot.clearPlottables();
    plot.clearItems();
    titleElement(plot)->setText(data.title);
    if (!data.colourMap) {
        colourScale(plot, false);
    }
    plot.xAxis->setLabel(data.xLabel);
    plot.yAxis->setLabel(data.yLabel);
    plot.yAxis->setRangeReversed(data.yReversed);
    if (data.logY) {
        plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot.yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else if (plot.yAxis->scaleType() == QCPAxis::stLogarithmic) {
        plot.yAxis->setScaleType(QCPAxis::stLinear);
        plot.yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }

    if (!data.xTicks.empty()) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (const auto& [position, label] : data.xTicks) {
            ticker->addTick(position, label);
        }
        plot.xAxis->setTicker(ticker);
    } else if (!plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>().isNull()) {
        plot.xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }

    if (data.colourMap) {
        drawColourMap(plot, *data.colourMap);
    }
    for (const Series& s : data.series) {
        drawSeries(plot, s);
    }

    bool anyInLegend = false;
    for (const Series& s : data.series) {
        anyInLegend = anyInLegend || (s.inLegend && s.style != SeriesStyle::Guide);
    }
    plot.legend->setVisible(anyInLegend);
    plot.legend->setBrush(QColor(255, 255, 255, 220));
    plot.axisRect()->insetLayout()->setInsetAlignment(0, data.legendAlignment);

    if (!data.readouts.empty()) {
        QStringList lines;
        for (const Readout& r : data.readouts) {
            lines << readoutText(r);
        }
        auto* text = new QCPItemText(&plot);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.01, 0.01);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        text->setTextAlignment(Qt::AlignLeft);
        text->setText(lines.join(QLatin1Char('\n')));
        text->setBrush(QColor(255, 255, 255, 220));
        text->setPadding(QMargins(4, 4, 4, 4));
        text->setClipToAxisRect(true);
    }

    plot.rescaleAxes();
    if (data.xRange) {
        plot.xAxis->setRange(data.xRange->first, data.xRange->second);
    }
    if (data.yRange) {
        plot.yAxis->setRange(data.yRange->first, data.yRange->second);
    }
    if (data.equalAspect) {
        plot.setProperty("ropeAspectX",
                         QPointF(plot.xAxis->range().lower, plot.xAxis->range().upper));
        plot.setProperty("ropeAspectY",
                         QPointF(plot.yAxis->range().lower, plot.yAxis->range().upper));
        if (!plot.property("ropeAspectConnected").toBool()) {
            QObject::connect(&plot, &QCustomPlot::afterLayout, &plot,
                             [&plot] { applyEqualAspect(plot); });
            plot.setProperty("ropeAspectConnected", true);
        }
        applyEqualAspect(plot);
    } else {
        plot.setProperty("ropeAspectX", QVariant());
        plot.setProperty("ropeAspectY", QVariant());
    }
}

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
    for (const Series& s : data.series) {
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

FigureOptions withPlotSize(QCustomPlot& plot, FigureOptions options) {
    // A replot lays the elements out at the widget's size; the axis rectangle is then valid.
    plot.replot(QCustomPlot::rpImmediateRefresh);
    const QRect rect = plot.axisRect()->rect();
    options.insert(QStringLiteral("plot-width-px"), std::max(rect.width(), 1));
    options.insert(QStringLiteral("plot-height-px"), std::max(rect.height(), 1));
    return options;
}

} // namespace rope::ui
