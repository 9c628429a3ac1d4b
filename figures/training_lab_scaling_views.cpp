// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's length and base views: core's length experiment (accuracy against test
// length, RoPE's test-time scalings and fine-tunes beside) and base sweep (accuracy at the test
// length against the base, b* and the critical dimension beside), composed from what the
// panel's job ran (core/train/experiments.h). The race and inside views are in
// training_lab_figure.cpp.
#include "figures/training_lab_parts.h"

#include "core/base_bound.h"
#include "core/position_schemes.h"
#include "core/research_rules.h"
#include "core/train/tasks.h"
#include "figures/figure_text.h"
#include "io/params_check.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::figures::training_lab {

namespace {

// Legend names of the length experiment's test-time methods (core/scaling ids).
QString methodLabel(rope::ScalingKind kind) {
    switch (kind) {
    case rope::ScalingKind::Linear:
        return FigureText::tr("PI (linear)");
    case rope::ScalingKind::Ntk:
        return FigureText::tr("NTK-aware");
    case rope::ScalingKind::Dynamic:
        return FigureText::tr("dynamic NTK");
    case rope::ScalingKind::Yarn:
        return FigureText::tr("YaRN");
    case rope::ScalingKind::Default:
    case rope::ScalingKind::Llama3:
    case rope::ScalingKind::LongRope:
    case rope::ScalingKind::Proportional:
        break;
    }
    return rope::io::scalingIdText(kind);
}

// "mean (min–max)" of one column over the seeds, or the number alone when they agree.
QString spreadText(const Spread& a) {
    return a.min == a.max
               ? formatNumber(a.mean, 3)
               : FigureText::tr("%1 (%2)").arg(formatNumber(a.mean, 3), rangeText(a.min, a.max, 3));
}

// A test length as a multiple of L for the axis: "16 (½L)", "32 (L)", "64 (2L)".
QString lengthTick(int length, int trainLength) {
    if (2 * length == trainLength) {
        return FigureText::tr("%1 (½L)").arg(length);
    }
    if (length == trainLength) {
        return FigureText::tr("%1 (L)").arg(length);
    }
    if (length % trainLength == 0) {
        return FigureText::tr("%1 (%2L)").arg(length).arg(length / trainLength);
    }
    return QString::number(length);
}

} // namespace

// Accuracy against test length. Main axes: every scheme unscaled, the mean over the seeds with
// the min–max band. Side axes (when RoPE is trained): the same RoPE models tested with each
// method's θ at test time (solid), and after the fine-tune at 2L (dashed: PI, and the unscaled
// continuation that tells how much is the fine-tuning alone).
FigureData composeLength(const FigureOptions& options, const TrainingLabResult* result) {
    const rope::train::LengthOptions o = trainingLabLengthOptions(options);
    const OptionValues v(trainingLabOptions(), options);
    const int L = o.train.length;
    const QVariantMap key = trainingLabLengthKey(o);
    const TrainingLabLength* length = nullptr;
    if (result != nullptr && result->length && result->length->key == key) {
        length = result->length.get();
    }
    const bool rope = std::find(o.schemes.begin(), o.schemes.end(), rope::PositionScheme::Rope) !=
                      o.schemes.end();

    FigureData data;
    data.title = FigureText::tr("Accuracy against test length on %1: trained at L = %2, %3 seed(s)")
                     .arg(QString::fromLatin1(rope::train::taskId(o.train.task.task)))
                     .arg(L)
                     .arg(o.seeds);
    data.xLabel = FigureText::tr("test length (tokens)");
    data.yLabel = FigureText::tr("held-out accuracy");
    const double xLo = 0.25 * L;
    const double xHi = o.testLengths.back() + 0.25 * L;
    data.xRange = {{xLo, xHi}};
    data.yRange = {{0.0, 1.02}};
    data.legendBelow = true;
    for (int t : o.testLengths) {
        data.xTicks.push_back({static_cast<double>(t), lengthTick(t, L)});
    }
    if (rope) {
        SidePlot side;
        side.title = FigureText::tr("RoPE with test-time scaling and fine-tuning");
        side.xLabel = data.xLabel;
        side.yLabel = data.yLabel;
        side.xRange = {xLo, xHi};
        side.yRange = {0.0, 1.02};
        side.xTicks = data.xTicks;
        side.widthShare = 0.9;
        data.side = std::move(side);
    }

    // The trained length L: left of it the model sees nothing new.
    Series trained;
    trained.id = QStringLiteral("train-length");
    trained.name = FigureText::tr("training length L");
    trained.style = SeriesStyle::Guide;
    trained.inLegend = false;
    trained.x = {static_cast<double>(L), static_cast<double>(L)};
    trained.y = {0.0, 1.02};
    data.series.push_back(trained);
    if (data.side) {
        data.side->series.push_back(trained);
    }

    const int models = static_cast<int>(o.schemes.size()) * o.seeds;
    if (!v.toggle("run")) {
        data.labels.push_back(
            {0.5 * (xLo + xHi), 0.5,
             FigureText::tr("Not trained yet.\nPress Train to train\n%1 scheme(s) × %2 seed(s)\n"
                            "at L = %3 and test them\nat %4 lengths.")
                 .arg(static_cast<int>(o.schemes.size()))
                 .arg(o.seeds)
                 .arg(L)
                 .arg(static_cast<int>(o.testLengths.size())),
             false});
        return data;
    }
    if (length == nullptr || length->result.rows.empty()) {
        data.labels.push_back({0.5 * (xLo + xHi), 0.5, FigureText::tr("Training…"), false});
        return data;
    }
    const rope::train::LengthResult& r = length->result;
    if (!length->finished) {
        int done = 0;
        for (const rope::train::LengthRow& row : r.rows) {
            done += row.method == rope::ScalingKind::Default && !row.fineTuned ? 1 : 0;
        }
        data.title += QStringLiteral(" — ") +
                      FigureText::tr("training… %1 of %2 models done").arg(done).arg(models);
    }
    std::vector<double> x;
    for (int t : r.testLengths) {
        x.push_back(t);
    }
    // The rows of one (scheme, method, fine-tuned): per test length the spread over the seeds.
    const auto spreadOfRows = [&r](rope::PositionScheme scheme, rope::ScalingKind method,
                                   bool fineTuned, int& seeds) {
        std::vector<Spread> y(r.testLengths.size());
        std::vector<std::vector<double>> columns(r.testLengths.size());
        seeds = 0;
        for (const rope::train::LengthRow& row : r.rows) {
            if (row.scheme != scheme || row.method != method || row.fineTuned != fineTuned) {
                continue;
            }
            ++seeds;
            for (std::size_t k = 0; k < row.accuracy.size(); ++k) {
                columns[k].push_back(row.accuracy[k]);
            }
        }
        for (std::size_t k = 0; k < columns.size(); ++k) {
            y[k] = spreadOf(columns[k]);
        }
        return y;
    };
    const auto index = [&r](int t) {
        const auto it = std::find(r.testLengths.begin(), r.testLengths.end(), t);
        return static_cast<std::size_t>(it - r.testLengths.begin());
    };
    const std::size_t at2 = index(2 * L);
    const std::size_t at4 = index(4 * L);
    // Readout text: accuracy at 2L and 4L, each mean (min–max) over the seeds.
    const auto atTwoAndFour = [&](const std::vector<Spread>& y) {
        return FigureText::tr("%1 at 2L, %2 at 4L").arg(spreadText(y[at2]), spreadText(y[at4]));
    };

    for (rope::PositionScheme scheme : o.schemes) {
        const std::string id = rope::positionSchemeId(scheme);
        int seeds = 0;
        const std::vector<Spread> y =
            spreadOfRows(scheme, rope::ScalingKind::Default, false, seeds);
        if (seeds == 0) {
            continue;
        }
        addBand(data.series, QStringLiteral("length-") + QString::fromStdString(id),
                schemeLabel(id), schemeColour(id), x, y);
        Readout readout{FigureText::tr("%1: accuracy").arg(schemeLabel(id)), y[at4].mean,
                        QString()};
        readout.text = atTwoAndFour(y);
        data.readouts.push_back(readout);
    }
    if (!data.side) {
        return data;
    }
    // RoPE's side: colours by curve, not scheme (the side shows one scheme); PI keeps its colour
    // after the fine-tune, dashed, and the unscaled continuation is RoPE's colour dashed.
    SidePlot& side = *data.side;
    int seeds = 0;
    {
        const std::vector<Spread> y =
            spreadOfRows(rope::PositionScheme::Rope, rope::ScalingKind::Default, false, seeds);
        if (seeds > 0) {
            addBand(side.series, QStringLiteral("scaled-default"),
                    FigureText::tr("RoPE, no scaling"), schemeColour("rope"), x, y);
            side.series.back().inLegend = false; // the main legend names RoPE in this colour
            TextLabel label{x.back(), y.back().mean, FigureText::tr("no scaling")};
            label.place = LabelPlace::Beside;
            label.side = Qt::AlignLeft;
            side.labels.push_back(label);
        }
    }
    // The palette has 7 colours and the main axes may use all of them. The side's curves take
    // the colours the chosen schemes leave free first, then the others. When the free ones are
    // enough (a race of a few schemes, as the course's PI step), the side's curves join the
    // shared legend; else a colour would name two curves there, so each is named where it ends
    // (a label beside the 4L point), which crowds a narrow plot (a handout page).
    std::vector<int> colours;
    for (int c = 1; c < 7; ++c) {
        if (std::none_of(o.schemes.begin(), o.schemes.end(), [c](rope::PositionScheme p) {
                return schemeColour(rope::positionSchemeId(p)) == c;
            })) {
            colours.push_back(c);
        }
    }
    const bool sideInLegend = colours.size() >= o.methods.size();
    for (int c = 1; c < 7; ++c) {
        if (std::find(colours.begin(), colours.end(), c) == colours.end()) {
            colours.push_back(c);
        }
    }
    const auto nameAtEnd = [&side, &x, sideInLegend](const std::vector<Spread>& y,
                                                     const QString& text) {
        if (sideInLegend) {
            side.series.back().inLegend = true; // named in the legend instead
            return;
        }
        TextLabel label{x.back(), y.back().mean, text};
        label.place = LabelPlace::Beside;
        label.side = Qt::AlignLeft;
        side.labels.push_back(label);
    };
    std::size_t next = 0;
    int piColour = colours.front();
    for (const rope::ScalingKind method : o.methods) {
        const std::vector<Spread> y =
            spreadOfRows(rope::PositionScheme::Rope, method, false, seeds);
        const int c = colours[next++ % colours.size()];
        piColour = method == rope::ScalingKind::Linear ? c : piColour;
        if (seeds == 0) {
            continue;
        }
        addBand(side.series, QStringLiteral("scaled-") + rope::io::scalingIdText(method),
                FigureText::tr("RoPE + %1 at test time").arg(methodLabel(method)), c, x, y);
        side.series.back().inLegend = false;
        nameAtEnd(y, methodLabel(method));
        Readout readout{FigureText::tr("RoPE + %1, no fine-tune").arg(methodLabel(method)),
                        y[at4].mean, QString()};
        readout.text = atTwoAndFour(y);
        data.readouts.push_back(readout);
    }
    if (o.fineTuneSteps > 0) {
        const std::vector<rope::ScalingKind> shown = {rope::ScalingKind::Linear,
                                                      rope::ScalingKind::Default};
        for (const rope::ScalingKind method : shown) {
            const std::vector<Spread> y =
                spreadOfRows(rope::PositionScheme::Rope, method, true, seeds);
            if (seeds == 0) {
                continue;
            }
            const bool pi = method == rope::ScalingKind::Linear;
            addBand(side.series, QStringLiteral("fine-tuned-") + rope::io::scalingIdText(method),
                    pi ? FigureText::tr("RoPE + PI, fine-tuned %1 steps at %2")
                             .arg(o.fineTuneSteps)
                             .arg(r.fineTuneLength)
                       : FigureText::tr("RoPE fine-tuned without scaling (control)"),
                    pi ? piColour : schemeColour("rope"), x, y);
            for (std::size_t k = side.series.size() - 3; k < side.series.size(); ++k) {
                side.series[k].dashed = true;
            }
            side.series.back().inLegend = false;
            nameAtEnd(y, pi ? FigureText::tr("PI, fine-tuned")
                            : FigureText::tr("no scaling, fine-tuned"));
        }
        // Every method after its fine-tune, as readouts (the plot shows PI and the control).
        std::vector<rope::ScalingKind> all = {rope::ScalingKind::Default};
        all.insert(all.end(), o.methods.begin(), o.methods.end());
        for (const rope::ScalingKind method : all) {
            const std::vector<Spread> y =
                spreadOfRows(rope::PositionScheme::Rope, method, true, seeds);
            if (seeds == 0) {
                continue;
            }
            Readout readout{method == rope::ScalingKind::Default
                                ? FigureText::tr("RoPE fine-tuned, no scaling")
                                : FigureText::tr("RoPE + %1, fine-tuned").arg(methodLabel(method)),
                            y[at4].mean, QString()};
            readout.text = atTwoAndFour(y);
            data.readouts.push_back(readout);
        }
    }
    return data;
}

// Accuracy at 4L against the base (log axis), beside b*(L, r) and b*(4L, r) of the base-bound
// panel and the base below which Liu et al.'s critical dimension is the whole head.
FigureData composeBase(const FigureOptions& options, const TrainingLabResult* result) {
    const rope::train::BaseOptions o = trainingLabBaseOptions(options);
    const OptionValues v(trainingLabOptions(), options);
    const int L = o.train.length;
    const int T = o.testFactor * L;
    const int r = rope::train::rotaryDimension(o.train.model);
    const TrainingLabBase* base = nullptr;
    if (result != nullptr && result->base && result->base->key == trainingLabBaseKey(o)) {
        base = result->base.get();
    }

    FigureData data;
    data.title = FigureText::tr("RoPE base sweep on %1: trained at L = %2, tested at %3 = %4L "
                                "(head dimension %5, %6 seed(s))")
                     .arg(QString::fromLatin1(rope::train::taskId(o.train.task.task)))
                     .arg(L)
                     .arg(T)
                     .arg(o.testFactor)
                     .arg(r)
                     .arg(o.seeds);
    data.xLabel = FigureText::tr("RoPE base b");
    data.yLabel = FigureText::tr("held-out accuracy");
    data.logX = true;
    data.xRange = {{0.5 * o.bases.front(), 2.0 * o.bases.back()}};
    data.yRange = {{0.0, 1.02}};
    data.legendBelow = true;

    // Liu et al.'s critical dimension at each swept base (research_rules.h), and the base below
    // which it is the whole head (every pair turns within L).
    QStringList critical;
    for (double b : o.bases) {
        critical << QString::number(rope::criticalDimension(r, b, L));
    }
    const double fullBase = trainingLabFullCriticalBase(r, L);
    if (std::isfinite(fullBase) && fullBase >= data.xRange->first &&
        fullBase <= data.xRange->second) {
        Series line;
        line.id = QStringLiteral("critical-dimension-full");
        line.name =
            FigureText::tr("below this base every pair turns within L (d_extra = %1)").arg(r);
        line.colour = 4;
        line.dashed = true;
        line.x = {fullBase, fullBase};
        line.y = {0.0, 1.02};
        data.series.push_back(line);
    }
    data.readouts.push_back({FigureText::tr("critical dimension d_extra at the swept bases"),
                             static_cast<double>(rope::criticalDimension(r, o.bases.back(), L)),
                             QString(), false,
                             FigureText::tr("%1 of %2 (Liu et al. 2023; %2 only below b = %3)")
                                 .arg(critical.join(QStringLiteral(", ")))
                                 .arg(r)
                                 .arg(formatNumber(fullBase, 3))});

    // b* from the sweep's own bounds when it ran (runBaseExperiment() computes them first with
    // minimalBase()); before that the same function directly, so the lines are there at once.
    double bStarTrain = std::numeric_limits<double>::quiet_NaN();
    double bStarTest = bStarTrain;
    if (base != nullptr && !base->result.bounds.empty()) {
        bStarTrain = base->result.bounds.front().bStarTrain;
        bStarTest = base->result.bounds.front().bStarTest;
    } else {
        rope::MinimalBaseOptions mb;
        mb.threads = 1;
        const rope::MinimalBase atL = rope::minimalBase(L, r, mb);
        const rope::MinimalBase atT = rope::minimalBase(T, r, mb);
        bStarTrain = atL.found ? atL.base : bStarTrain;
        bStarTest = atT.found ? atT.base : bStarTest;
    }
    // The axis reaches the bounds too (b*(4L) can exceed 10⁶ for a narrow head): a line the
    // legend names is always on the plot.
    for (const double b : {bStarTrain, bStarTest}) {
        if (std::isfinite(b)) {
            data.xRange = {
                {std::min(data.xRange->first, 0.5 * b), std::max(data.xRange->second, 2.0 * b)}};
        }
    }
    for (const bool atTest : {false, true}) {
        const double b = atTest ? bStarTest : bStarTrain;
        if (!std::isfinite(b)) {
            continue;
        }
        Series line;
        line.id = atTest ? QStringLiteral("b-star-test") : QStringLiteral("b-star-train");
        line.name = atTest ? FigureText::tr("b*(%1L = %2) = %3 (base-bound panel)")
                                 .arg(o.testFactor)
                                 .arg(T)
                                 .arg(formatNumber(b, 3))
                           : FigureText::tr("b*(L = %1) = %2").arg(L).arg(formatNumber(b, 3));
        line.colour = atTest ? 2 : 3;
        line.dashed = !atTest;
        line.x = {b, b};
        line.y = {0.0, 1.02};
        data.series.push_back(line);
    }

    if (!v.toggle("run")) {
        data.labels.push_back(
            {std::sqrt(o.bases.front() * o.bases.back()), 0.5,
             FigureText::tr(
                 "Not trained yet.\nPress Train to train RoPE\nat %1 bases × %2 seed(s)\n"
                 "and test each at %3L.")
                 .arg(static_cast<int>(o.bases.size()))
                 .arg(o.seeds)
                 .arg(o.testFactor),
             false});
        return data;
    }
    if (base == nullptr || base->result.points.empty()) {
        data.labels.push_back(
            {std::sqrt(o.bases.front() * o.bases.back()), 0.5, FigureText::tr("Training…"), false});
        return data;
    }
    const rope::train::BaseResult& b = base->result;
    if (!base->finished) {
        data.title += QStringLiteral(" — ") + FigureText::tr("training… %1 of %2 models done")
                                                  .arg(static_cast<int>(b.points.size()))
                                                  .arg(static_cast<int>(o.bases.size()) * o.seeds);
    }
    // Per base with at least one finished seed: the spread over the seeds at 4L and at L.
    std::vector<double> x;
    std::vector<Spread> atTest, atTrain;
    for (double basis : b.bases) {
        std::vector<double> test, train;
        for (const rope::train::BasePoint& p : b.points) {
            if (p.base == basis) {
                test.push_back(p.accuracyTestLength);
                train.push_back(p.accuracyTrainLength);
            }
        }
        if (test.empty()) {
            continue;
        }
        x.push_back(basis);
        atTest.push_back(spreadOf(test));
        atTrain.push_back(spreadOf(train));
    }
    addBand(data.series, QStringLiteral("accuracy-test"),
            FigureText::tr("accuracy at %1L = %2").arg(o.testFactor).arg(T), schemeColour("rope"),
            x, atTest);
    addBand(data.series, QStringLiteral("accuracy-train"),
            FigureText::tr("accuracy at L = %1").arg(L), 1, x, atTrain);
    for (std::size_t k = data.series.size() - 3; k < data.series.size(); ++k) {
        data.series[k].dashed = true;
    }

    // Does the break sit where the bound says? Below b*(4L) a query equal to its key can score
    // a key at some distance < 4L below 0 (long-term decay fails); the bound predicts accuracy
    // at 4L rising as b crosses b*(4L). Compared: the mean at 4L of the bases below it and of
    // those at or above it; a difference under 0.1 is read as flat.
    std::vector<double> below, above;
    for (std::size_t k = 0; k < x.size(); ++k) {
        (x[k] < bStarTest ? below : above).push_back(atTest[k].mean);
    }
    QString verdict;
    double gap = std::numeric_limits<double>::quiet_NaN();
    if (!std::isfinite(bStarTest)) {
        verdict = FigureText::tr("no base keeps the bound at %1 tokens for head dimension %2: "
                                 "nothing to compare")
                      .arg(T)
                      .arg(r);
    } else if (below.empty() || above.empty()) {
        verdict = FigureText::tr("every swept base lies on one side of b*(%1L) = %2: the sweep "
                                 "cannot test it")
                      .arg(o.testFactor)
                      .arg(formatNumber(bStarTest, 3));
    } else {
        const double lo = spreadOf(below).mean;
        const double hi = spreadOf(above).mean;
        gap = hi - lo;
        const QString numbers = FigureText::tr("mean %1 at bases ≥ b*, %2 below")
                                    .arg(formatNumber(hi, 3), formatNumber(lo, 3));
        verdict = gap >= 0.1 ? FigureText::tr("yes: accuracy rises across b* (%1)").arg(numbers)
                  : gap <= -0.1
                      ? FigureText::tr("no, the opposite: the bases below b* do better "
                                       "(%1)")
                            .arg(numbers)
                      : FigureText::tr("no: accuracy is flat across b* (%1)").arg(numbers);
    }
    data.readouts.push_back(
        {FigureText::tr("break at b*(%1L), as the bound says?").arg(o.testFactor), gap, QString(),
         false, verdict});
    for (std::size_t k = 0; k < x.size(); ++k) {
        Readout readout{FigureText::tr("b = %1").arg(formatNumber(x[k], 3)), atTest[k].mean,
                        QString()};
        readout.text = FigureText::tr("%1 at %2L, %3 at L")
                           .arg(spreadText(atTest[k]))
                           .arg(o.testFactor)
                           .arg(spreadText(atTrain[k]));
        data.readouts.push_back(readout);
    }
    return data;
}

} // namespace rope::figures::training_lab
