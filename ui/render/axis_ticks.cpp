// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/axis_ticks.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace rope::ui {

using figures::Tick;

namespace {

// A vertical axis with named ticks shows every k-th of the figure's ticks, k the smallest step
// that leaves a line and a half of the tick font between neighbouring labels at the axis'
// length \p axisPx: at a slide's 18 pt the fifteen position ids of the M-RoPE figure ran into
// each other. The first tick is always shown. True when the ticks shown changed.
bool thinNamedTicks(QCPAxis* axis, double axisPx) {
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
    const QVariantList at = axis->property("ropeTickAt").toList();
    const QStringList labels = axis->property("ropeTickLabels").toStringList();
    const QCPRange range = axis->range();
    if (!ticker || at.size() < 2 || at.size() != labels.size() || axisPx <= 0 ||
        range.size() <= 0 || axis->scaleType() != QCPAxis::stLinear ||
        axis->orientation() != Qt::Vertical) {
        return false;
    }
    std::vector<std::pair<double, QString>> ticks;
    int lines = 1;
    for (qsizetype k = 0; k < at.size(); ++k) {
        ticks.emplace_back(at[k].toDouble(), labels[k]);
        lines = std::max(lines, static_cast<int>(labels[k].count(QLatin1Char('\n'))) + 1);
    }
    std::sort(ticks.begin(), ticks.end());
    double gap = range.size();
    for (std::size_t k = 1; k < ticks.size(); ++k) {
        gap = std::min(gap, ticks[k].first - ticks[k - 1].first);
    }
    const double gapPx = gap / range.size() * axisPx;
    const double needPx = (lines + 0.5) * QFontMetricsF(axis->tickLabelFont()).height();
    const std::size_t stride =
        gapPx > 0 ? std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(needPx / gapPx)))
                  : 1;
    QMap<double, QString> shown;
    for (std::size_t k = 0; k < ticks.size(); k += stride) {
        shown.insert(ticks[k].first, ticks[k].second);
    }
    if (shown == ticker->ticks()) {
        return false;
    }
    ticker->setTicks(shown);
    return true;
}

// A numbered vertical axis (a y axis, a colour bar) asks for as many ticks as fit two lines of
// its font apart: the five QCustomPlot asks for crowded a handout's short colour bar at
// 12.3 pt ("−1.5" over "−1"). True when the count changed.
bool fitVerticalTickCount(QCPAxis* axis, double axisPx) {
    const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
    if (!ticker || axis->scaleType() != QCPAxis::stLinear || axisPx <= 0 ||
        axis->orientation() != Qt::Vertical ||
        qSharedPointerDynamicCast<QCPAxisTickerText>(ticker) ||
        qSharedPointerDynamicCast<QCPAxisTickerFixed>(ticker)) {
        return false;
    }
    const double line = QFontMetricsF(axis->tickLabelFont()).height();
    const int count = std::clamp(static_cast<int>(axisPx / (2.0 * line)), 2, 5);
    const bool changed = count != ticker->tickCount();
    ticker->setTickCount(count);
    return changed;
}

// A numbered x axis asks its ticker for as many ticks as its labels fit side by side at their
// font: QCustomPlot's default of about five put "1000", "2000" … into each other on a narrow
// side plot at a slide's 18 pt. The widest label is taken as that of the range's longer end,
// with a gap of two digits' width between labels. True when the count changed (the ticks
// follow at the next replot: they are made before the layout that gives the axis its length).
bool fitTickCount(QCPAxis* axis, double axisPx) {
    const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
    if (!ticker || axis->scaleType() != QCPAxis::stLinear || axisPx <= 0 ||
        qSharedPointerDynamicCast<QCPAxisTickerText>(ticker) ||
        qSharedPointerDynamicCast<QCPAxisTickerFixed>(ticker)) {
        return false;
    }
    const QCPRange range = axis->range();
    const QFontMetrics metrics(axis->tickLabelFont());
    const auto width = [&](double v) {
        return metrics.horizontalAdvance(QLocale().toString(v, 'g', axis->numberPrecision()));
    };
    // A "nice" step can give a tick more than the count asked for, and labels between the ends
    // may be longer (a fraction): room for one more label than counted.
    const int widest = std::max(width(range.lower), width(range.upper)) +
                       2 * metrics.horizontalAdvance(QLatin1Char('0'));
    const int fit = static_cast<int>(axisPx / std::max(widest, 1)) - 1;
    const int count = std::clamp(fit, 2, 5);
    const bool changed = count != ticker->tickCount();
    ticker->setTickCount(count);
    return changed;
}

} // namespace

void setTicks(QCPAxis* axis, const std::vector<Tick>& ticks) {
    if (ticks.empty()) {
        if (qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker()) ||
            qSharedPointerDynamicCast<QCPAxisTickerFixed>(axis->ticker())) {
            axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
            axis->setSubTicks(true);
        }
        return;
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVariantList at;
    QStringList labels;
    for (const Tick& t : ticks) {
        ticker->addTick(t.at, t.label);
        at.append(t.at);
        labels.append(t.label);
    }
    axis->setTicker(ticker);
    axis->setSubTicks(false);
    // Every tick the figure named: thinNamedTicks() shows a subset of them on a short axis.
    axis->setProperty("ropeTickAt", at);
    axis->setProperty("ropeTickLabels", labels);
}

// Named ticks whose labels are wider than the room between them (a category axis with long
// names: "2 chased", "3 another") are turned by 45° instead of running into each other.
// \p axisPx is the axis' length in pixels (from the last layout, or an estimate).
void fitTickLabels(QCPAxis* axis, const std::vector<Tick>& ticks, double axisPx) {
    axis->setTickLabelRotation(0);
    const QCPRange range = axis->range();
    if (ticks.size() < 2 || axisPx <= 0 || range.size() <= 0 ||
        axis->scaleType() != QCPAxis::stLinear) {
        return;
    }
    std::vector<double> at;
    for (const Tick& t : ticks) {
        at.push_back(t.at);
    }
    std::sort(at.begin(), at.end());
    double gap = range.size();
    for (std::size_t k = 1; k < at.size(); ++k) {
        gap = std::min(gap, at[k] - at[k - 1]);
    }
    const QFontMetrics metrics(axis->tickLabelFont());
    int widest = 0;
    for (const Tick& t : ticks) {
        for (const QString& line : t.label.split(QLatin1Char('\n'))) {
            widest = std::max(widest, metrics.horizontalAdvance(line));
        }
    }
    if (widest + metrics.height() / 2 > gap / range.size() * axisPx) {
        axis->setTickLabelRotation(-45);
    }
}

// fitTickLabels() again for every named x axis at the size the layout gave it (a panel
// resized after its figure was drawn), and fitTickCount() for every numbered one; on vertical
// axes and colour bars fitVerticalTickCount() and thinNamedTicks(). Ticks are made before the
// layout that gives an axis its length, so a change shows at the next replot: a shown plot
// lays out once more.
void refitTickLabels(QCustomPlot& plot) {
    bool changed = false;
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(e); scale != nullptr && scale->visible()) {
            changed = fitVerticalTickCount(scale->axis(), scale->rect().height()) || changed;
            changed = thinNamedTicks(scale->axis(), scale->rect().height()) || changed;
        }
    }
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis* y : {rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atRight)}) {
            if (y != nullptr && y->visible()) {
                changed = fitVerticalTickCount(y, rect->height()) || changed;
                changed = thinNamedTicks(y, rect->height()) || changed;
            }
        }
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        changed = fitTickCount(x, rect->width()) || changed;
        const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(x->ticker());
        if (!ticker) {
            continue;
        }
        std::vector<Tick> ticks;
        for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it) {
            ticks.push_back({it.key(), it.value()});
        }
        const double before = x->tickLabelRotation();
        fitTickLabels(x, ticks, rect->width());
        changed = changed || x->tickLabelRotation() != before;
    }
    if (changed && plot.isVisible()) {
        plot.replot(QCustomPlot::rpQueuedReplot);
    }
}

void setScale(QCPAxis* axis, bool logarithmic) {
    if (logarithmic) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        axis->setTicker(ticker);
        // 10ⁿ labels ("eb" = beautiful powers of ten).
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    } else {
        if (axis->scaleType() == QCPAxis::stLogarithmic) {
            axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        }
        axis->setScaleType(QCPAxis::stLinear);
        axis->setNumberFormat(QStringLiteral("gbd"));
        axis->setNumberPrecision(6);
    }
}

// Cells centred on consecutive integers get integer ticks (indices such as pair i or token t
// have no 2.5).
void integerTicksForCells(QCPAxis* axis, double first, double last, int cells) {
    if (cells < 1 || first != std::round(first) || last - first != cells - 1 ||
        qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker())) {
        return;
    }
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
}

} // namespace rope::ui
