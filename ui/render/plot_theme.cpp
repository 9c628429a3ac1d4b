// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/plot_theme.h"

#include <qcustomplot.h>

namespace rope::ui {

namespace {
const char* const kThemeProperty = "ropePlotTheme";

void colourAxis(QCPAxis* axis, const PlotColours& c) {
    const QPen line(c.foreground, 1);
    axis->setBasePen(line);
    axis->setTickPen(line);
    axis->setSubTickPen(line);
    axis->setTickLabelColor(c.foreground);
    axis->setLabelColor(c.foreground);
    // Dotted grid as in QCustomPlot's default, but one logical pixel wide instead of QCustomPlot's
    // cosmetic (one device pixel) pen, which at device pixel ratio 2 is a hairline. The zero
    // line is the grid colour too (QCustomPlot draws it only where turned on).
    axis->grid()->setPen(QPen(c.grid, 1, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(c.subGrid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(c.grid, 1));
}
} // namespace

const PlotColours& plotColours(PlotTheme theme) {
    // Light: QCustomPlot's own defaults (black on white, grey dotted grid). Dark: the window
    // grey of common dark desktop themes with near-white text (#e6e6e6 on #1e1f22 is ≈ 14:1).
    static const PlotColours light{
        .background = QColor(255, 255, 255),
        .foreground = QColor(0, 0, 0),
        .grid = QColor(200, 200, 200),
        .subGrid = QColor(220, 220, 220),
        .readout = QColor(40, 40, 40),
        .label = QColor(20, 20, 20),
        .sideLabel = QColor(90, 90, 90),
        .guide = QColor(150, 150, 150),
        .legendBrush = QColor(255, 255, 255, 220),
        .legendBorder = QColor(0, 0, 0),
    };
    static const PlotColours dark{
        .background = QColor(0x1e, 0x1f, 0x22),
        .foreground = QColor(0xe6, 0xe6, 0xe6),
        .grid = QColor(85, 87, 92),
        .subGrid = QColor(60, 62, 66),
        .readout = QColor(0xd8, 0xd8, 0xd8),
        .label = QColor(0xee, 0xee, 0xee),
        .sideLabel = QColor(0xb4, 0xb4, 0xb4),
        .guide = QColor(140, 140, 140),
        .legendBrush = QColor(0x1e, 0x1f, 0x22, 220),
        .legendBorder = QColor(0xa0, 0xa0, 0xa0),
    };
    return theme == PlotTheme::Dark ? dark : light;
}

QString plotThemeId(PlotTheme theme) {
    return theme == PlotTheme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}

std::optional<PlotTheme> plotThemeFromId(const QString& id) {
    if (id == QLatin1String("light")) {
        return PlotTheme::Light;
    }
    if (id == QLatin1String("dark")) {
        return PlotTheme::Dark;
    }
    return std::nullopt;
}

void setPlotTheme(QCustomPlot& plot, PlotTheme theme) {
    plot.setProperty(kThemeProperty, static_cast<int>(theme));
    plot.setBackground(QBrush(plotColours(theme).background));
}

PlotTheme plotTheme(const QCustomPlot& plot) {
    const QVariant v = plot.property(kThemeProperty);
    return v.isValid() && v.toInt() == static_cast<int>(PlotTheme::Dark) ? PlotTheme::Dark
                                                                         : PlotTheme::Light;
}

void applyPlotColours(QCustomPlot& plot, PlotTheme theme) {
    const PlotColours& c = plotColours(theme);
    plot.setBackground(QBrush(c.background));
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            colourAxis(axis, c);
        }
    }
    // A colour scale draws its axis in a private axis rect of its own.
    for (QCPColorScale* scale : plot.findChildren<QCPColorScale*>()) {
        colourAxis(scale->axis(), c);
    }
    plot.legend->setTextColor(c.foreground);
    // A legend below the axes has neither background nor frame (placed there by drawFigure).
    if (plot.legend->brush().style() != Qt::NoBrush) {
        plot.legend->setBrush(c.legendBrush);
    }
    plot.legend->setBorderPen(plot.legend->borderPen().style() == Qt::NoPen ? QPen(Qt::NoPen)
                                                                            : QPen(c.legendBorder));
    for (QCPTextElement* text : plot.findChildren<QCPTextElement*>()) {
        text->setTextColor(text->objectName() == QLatin1String("ropeReadout") ? c.readout
                                                                              : c.foreground);
    }
}

} // namespace rope::ui
