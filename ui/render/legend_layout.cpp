// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/legend_layout.h"

#include "ui/render/plot_theme.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace rope::ui {

// A plot at least this much wider than tall (a 16:9 slide, the presenter window) keeps its
// height for the picture: a legend outside the axes goes in a column to the right, not below.
constexpr double kWideAspect = 1.7;

bool isWide(const QCustomPlot& plot) {
    const QRect viewport = plot.viewport();
    return viewport.width() >= kWideAspect * viewport.height();
}

// The legend in a column right of the body, at the top of its cell: a grid of the legend over
// a bare element that takes the rest of the height (a legend stretched to the axes' height
// would spread its entries apart; an empty grid cannot grow, its maximum height is 0).
void placeLegendBeside(QCustomPlot& plot, QCPLayoutGrid* body) {
    auto* column = new QCPLayoutGrid;
    column->setObjectName(QStringLiteral("ropeLegendColumn"));
    QList<double> stretch = body->columnStretchFactors();
    body->addElement(0, body->columnCount(), column);
    column->addElement(0, 0, plot.legend);
    column->addElement(1, 0, new QCPLayoutElement(&plot));
    column->setRowStretchFactors({0.001, 1.0});
    column->setRowSpacing(0);
    // Its own width (the legend's minimum), the rest to the plots.
    stretch.append(0.01);
    body->setColumnStretchFactors(stretch);
    plot.legend->setBorderPen(Qt::NoPen);
    plot.legend->setBrush(Qt::NoBrush);
}

// The legend's widest entry, in pixels.
int widestLegendEntry(const QCustomPlot& plot) {
    int widest = 0;
    for (int k = 0; k < plot.legend->itemCount(); ++k) {
        widest = std::max(widest, plot.legend->item(k)->minimumOuterSizeHint().width());
    }
    return widest;
}

// Breaks every legend entry's name into lines at most \p width pixels wide (at spaces), so a
// legend beside a wide plot takes a column of that width. The plottable keeps the name with
// its line breaks (QCustomPlot draws them); the CSV and tests read Series names, not these.
void wrapLegendEntries(QCustomPlot& plot, int width) {
    const QFontMetrics metrics(plot.legend->font());
    for (int k = 0; k < plot.legend->itemCount(); ++k) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(k));
        if (item == nullptr) {
            continue;
        }
        QStringList lines;
        QString line;
        for (const QString& word : item->plottable()->name().split(QLatin1Char(' '))) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
        item->plottable()->setName(lines.join(QLatin1Char('\n')));
    }
}

// A legend beside the axes taller than the body's room (the page less the title, caption row
// and readouts) would run past the axes (in presentation style it keeps the full font): two
// columns, top to bottom then left to right, when that is shorter and still narrow.
void fitLegendBeside(QCustomPlot& plot) {
    QCPLayoutGrid* top = plot.plotLayout();
    int room = plot.viewport().height();
    for (int r = 0; r < top->rowCount(); ++r) {
        QCPLayoutElement* e = top->element(r, 0);
        if (e != nullptr && e->objectName() != QLatin1String("ropeBody")) {
            room -= e->minimumOuterSizeHint().height();
        }
    }
    if (plot.legend->minimumOuterSizeHint().height() <= room) {
        return;
    }
    // First without the space between entries and around them (the entries' own line
    // height keeps them apart).
    plot.legend->setRowSpacing(0);
    plot.legend->setMargins(QMargins(7, 0, 7, 0));
    const int oneColumn = plot.legend->minimumOuterSizeHint().height();
    const int entries = plot.legend->itemCount();
    if (oneColumn <= room || entries < 2) {
        return;
    }
    plot.legend->setWrap((entries + 1) / 2);
    plot.legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    const QSize twoColumns = plot.legend->minimumOuterSizeHint();
    // Not wider than a third of the plot: wrapped entries can make two columns both wide
    // and barely shorter, which would leave the plots a sliver.
    if (twoColumns.height() >= oneColumn || twoColumns.width() > plot.viewport().width() / 3) {
        plot.legend->setWrap(0);
        plot.legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    }
    if (plot.legend->minimumOuterSizeHint().height() <= room) {
        return;
    }
    // Still taller than the page (the base-bound slide's nine entries at 18 pt, most of them
    // broken into two lines): one column again, its entries broken at up to 0.42 of the
    // width instead of a third, so most take one line. The plots give up the difference.
    plot.legend->setWrap(0);
    plot.legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    for (int k = 0; k < plot.legend->itemCount(); ++k) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(k))) {
            item->plottable()->setName(
                item->plottable()->name().replace(QLatin1Char('\n'), QLatin1Char(' ')));
        }
    }
    const int decoration =
        plot.legend->iconSize().width() + plot.legend->iconTextPadding() + 16;
    wrapLegendEntries(plot, static_cast<int>(0.42 * plot.viewport().width()) - decoration);
    reserveLegendTextHeights(plot);
}

// The legend lives either in the axis rect's inset layout (a corner of the data area), in
// column 0 of the readout row, below the axes, or (Beside, placed later by
// placeLegendBeside()) in no layout for now.
void reserveLegendTextHeights(QCustomPlot& plot) {
    for (int k = 0; k < plot.legend->itemCount(); ++k) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(k));
        if (item == nullptr) {
            continue;
        }
        // QCustomPlot sizes an entry from QFontMetrics of its font, but draws it through a text
        // layout whose lines are as tall as the tallest font a line falls back to (Noto Sans
        // CJK's 1.45 em once Chinese is prepared, against DejaVu Sans' 1.16 em): a wrapped
        // entry then ran into the next one by a fifth of a line per line. Each line's real
        // height, from the same layout, is reserved instead.
        double height = 0.0;
        for (const QString& line : item->plottable()->name().split(QLatin1Char('\n'))) {
            QTextLayout layout(line.isEmpty() ? QStringLiteral(" ") : line, item->font());
            layout.beginLayout();
            const QTextLine measured = layout.createLine();
            layout.endLayout();
            height += measured.isValid() ? measured.height() : 0.0;
        }
        item->setMinimumSize(0, static_cast<int>(std::ceil(height)));
    }
}

void placeLegend(QCustomPlot& plot, QCPLayoutGrid* readouts, LegendPlace place,
                 Qt::Alignment corner) {
    QCPLayoutInset* inset = plot.axisRect()->insetLayout();
    const bool inInset = inset->elementCount() > 0 && inset->elementAt(0) == plot.legend;
    if (place != LegendPlace::Inset && inInset) {
        inset->take(plot.legend);
        inset->simplify();
    }
    if (place == LegendPlace::Beside) {
        return;
    }
    if (place == LegendPlace::Below) {
        // In a column of its own over an empty element, as beside: a legend's maximum height
        // is its entries' height, and the row would be capped at it (clipping a taller
        // readout column's last lines).
        for (int k = readouts->elementCount() - 1; k >= 0; --k) {
            QCPLayoutElement* e = readouts->elementAt(k);
            if (e != nullptr && e->objectName() == QLatin1String("ropeReadoutSpacer")) {
                readouts->remove(e); // its zero height would cap the legend's row
            }
        }
        readouts->simplify();
        auto* column = new QCPLayoutGrid;
        column->setObjectName(QStringLiteral("ropeLegendColumn"));
        readouts->insertColumn(0);
        readouts->addElement(0, 0, column);
        column->addElement(0, 0, plot.legend);
        column->addElement(1, 0, new QCPLayoutElement(&plot));
        column->setRowStretchFactors({0.001, 1.0});
        readouts->setColumnStretchFactor(0, 0.01);
        plot.legend->setBrush(Qt::NoBrush);
        plot.legend->setBorderPen(Qt::NoPen);
        return;
    }
    if (!inInset) {
        // Not in any layout at this point (the readout row was rebuilt without it).
        inset->addElement(plot.legend, corner);
    }
    plot.legend->setBorderPen(QPen(plotColours(plotTheme(plot)).legendBorder));
    inset->setInsetAlignment(0, corner);
    // The figure's choice; placeInsetLegend() moves the legend from it only off a marker.
    plot.legend->setProperty("ropeFigureCorner", static_cast<int>(corner));
}

} // namespace rope::ui
