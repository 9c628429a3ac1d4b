// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "training-lab": a race of small transformers (core/train), one per position scheme and
// seed, on a task that needs position. Training is the slow part, run as a job; compose draws
// the mean over seeds and the min–max band of each scheme's curve, and the held-out accuracy at
// L … 4L, from the runs that belong to the current inputs. The length and base views run core's
// length experiment and base sweep (core/train/experiments.h) as the job instead and draw
// accuracy against test length (RoPE's test-time scalings and fine-tunes beside) and accuracy at
// 4L against the base (b* and the critical dimension beside).
#include "figures/training_lab.h"
#include "figures/training_lab_parts.h"

#include "core/position_schemes.h"
#include "core/train/tasks.h"
#include "figures/figure_text.h"
#include "figures/training_lab_memo.h"
#include "io/params_check.h"

#include <QStringList>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

namespace rope::figures {

namespace {

using rope::train::CurvePoint;
using training_lab::addBand;
using training_lab::composeBase;
using training_lab::composeLength;
using training_lab::rangeText;
using training_lab::schemeColour;
using training_lab::schemeLabel;
using training_lab::Spread;
using training_lab::spreadOf;

// The "task" row's choices, in order.
constexpr const char* kTaskIds[] = {"offset-copy", "induction", "position-parity"};
// The "curve" row's choices, in order.
enum class Curve { Accuracy, Loss };
// The "view" row's choices, in order: the race of the schemes, inside one trained RoPE model,
// accuracy against test length (with RoPE's test-time scalings), accuracy against the base.
enum class View { Race, Inside, Length, Base };

View viewOf(const FigureOptions& options) {
    return OptionValues(trainingLabOptions(), options).choice<View>("view");
}

// Schemes a decoder can train with (core/train refuses "none": it would see its targets), in
// the order of the colour they keep in every race, so a scheme has one colour whatever is chosen
// (ALiBi takes the palette's amber, not the sky blue next to RoPE's blue).
const std::vector<std::string>& trainableSchemes() {
    static const std::vector<std::string> ids = {"rope",   "learned", "sinusoidal", "nope",
                                                 "p-rope", "alibi",   "t5"};
    return ids;
}

// Legend names, translated where shown (FigureText::tr).
const char* schemeName(const std::string& id) {
    if (id == "rope") {
        return QT_TRANSLATE_NOOP("Figures", "RoPE");
    }
    if (id == "learned") {
        return QT_TRANSLATE_NOOP("Figures", "learned");
    }
    if (id == "sinusoidal") {
        return QT_TRANSLATE_NOOP("Figures", "sinusoidal");
    }
    if (id == "nope") {
        return QT_TRANSLATE_NOOP("Figures", "NoPE");
    }
    if (id == "alibi") {
        return QT_TRANSLATE_NOOP("Figures", "ALiBi");
    }
    if (id == "t5") {
        return QT_TRANSLATE_NOOP("Figures", "T5 bias");
    }
    return QT_TRANSLATE_NOOP("Figures", "p-RoPE");
}

} // namespace

namespace training_lab {

QString schemeLabel(const std::string& id) {
    return FigureText::tr(schemeName(id));
}

int schemeColour(const std::string& id) {
    const auto& ids = trainableSchemes();
    return static_cast<int>(std::find(ids.begin(), ids.end(), id) - ids.begin());
}

} // namespace training_lab

namespace {

// "rope,learned" → {"rope", "learned"}: every id a trainable scheme, none twice, at least one.
std::vector<std::string> parseSchemes(const QString& text) {
    std::vector<std::string> schemes;
    const QStringList known = [] {
        QStringList l;
        for (const std::string& id : trainableSchemes()) {
            l << QString::fromStdString(id);
        }
        return l;
    }();
    for (const QString& part : text.split(QLatin1Char(','))) {
        const QString id = part.trimmed();
        if (id.isEmpty()) {
            continue;
        }
        if (!known.contains(id)) {
            throw rope::InvalidParameter("schemes",
                                         FigureText::tr("unknown position scheme '%1' (known: %2)")
                                             .arg(id, known.join(QStringLiteral(", ")))
                                             .toStdString());
        }
        if (std::find(schemes.begin(), schemes.end(), id.toStdString()) != schemes.end()) {
            throw rope::InvalidParameter(
                "schemes",
                FigureText::tr("position scheme '%1' is listed twice").arg(id).toStdString());
        }
        schemes.push_back(id.toStdString());
    }
    if (schemes.empty()) {
        throw rope::InvalidParameter("schemes",
                                     FigureText::tr("no position scheme given (known: %1)")
                                         .arg(known.join(QStringLiteral(", ")))
                                         .toStdString());
    }
    return schemes;
}

void checkSchemes(const QString& text) {
    (void)parseSchemes(text);
}

// Only these options decide what is trained; "curve", "layer" and "head" only redraw. "run" off
// trains nothing. The inside view trains one model (rope, seed 1): schemes and seeds are not its
// inputs.
QVariantMap labInputs(const rope::RopeParams& /*params*/, const FigureOptions& options) {
    const TrainingLabSetup s = trainingLabSetup(options);
    const OptionValues v(trainingLabOptions(), options);
    if (viewOf(options) == View::Inside) {
        QVariantMap key = trainingLabRunKey(s, "rope", 1);
        key.insert(QStringLiteral("view"), QStringLiteral("inside"));
        key.insert(QStringLiteral("run"), v.toggle("run"));
        return key;
    }
    if (viewOf(options) == View::Length) {
        QVariantMap key = trainingLabLengthKey(trainingLabLengthOptions(options));
        key.insert(QStringLiteral("view"), QStringLiteral("length"));
        key.insert(QStringLiteral("run"), v.toggle("run"));
        return key;
    }
    if (viewOf(options) == View::Base) {
        QVariantMap key = trainingLabBaseKey(trainingLabBaseOptions(options));
        key.insert(QStringLiteral("view"), QStringLiteral("base"));
        key.insert(QStringLiteral("run"), v.toggle("run"));
        return key;
    }
    QStringList schemes;
    for (const std::string& id : s.schemes) {
        schemes << QString::fromStdString(id);
    }
    return {
        {QStringLiteral("task"), QString::fromLatin1(rope::train::taskId(s.train.task.task))},
        {QStringLiteral("schemes"), schemes},
        {QStringLiteral("seeds"), s.seeds},
        {QStringLiteral("steps"), s.train.steps},
        {QStringLiteral("length"), s.train.length},
        {QStringLiteral("d-model"), s.train.model.dModel},
        {QStringLiteral("layers"), s.train.model.layers},
        {QStringLiteral("base"), s.train.model.base},
        {QStringLiteral("run"), v.toggle("run")},
    };
}

} // namespace

namespace training_lab {

Spread spreadOf(const std::vector<double>& values) {
    Spread s;
    s.count = static_cast<int>(values.size());
    if (values.empty()) {
        return s;
    }
    long double sum = 0;
    for (double v : values) {
        sum += v;
    }
    s.mean = static_cast<double>(sum / static_cast<long double>(values.size()));
    s.min = *std::min_element(values.begin(), values.end());
    s.max = *std::max_element(values.begin(), values.end());
    return s;
}

// Three series of one scheme: the band's lower and upper edge, then the mean (in the legend).
void addBand(std::vector<Series>& out, const QString& idPrefix, const QString& name, int colour,
             const std::vector<double>& x, const std::vector<Spread>& y) {
    Series lo, hi, mean;
    lo.id = idPrefix + QStringLiteral("-min");
    hi.id = idPrefix + QStringLiteral("-max");
    mean.id = idPrefix + QStringLiteral("-mean");
    lo.name = name + FigureText::tr(" (min over seeds)");
    hi.name = name + FigureText::tr(" (max over seeds)");
    mean.name = name;
    lo.colour = hi.colour = mean.colour = colour;
    lo.inLegend = hi.inLegend = false;
    hi.fillToPrevious = true;
    lo.x = hi.x = mean.x = x;
    for (const Spread& s : y) {
        lo.y.push_back(s.min);
        hi.y.push_back(s.max);
        mean.y.push_back(s.mean);
    }
    out.push_back(std::move(lo));
    out.push_back(std::move(hi));
    out.push_back(std::move(mean));
}

QString rangeText(double lo, double hi, int digits) {
    if (lo == hi) {
        return formatNumber(lo, digits);
    }
    return FigureText::tr("%1–%2").arg(formatNumber(lo, digits), formatNumber(hi, digits));
}

} // namespace training_lab

namespace {

// The layer the inside view draws: the option (unset: the last layer), refused by name when the
// model has no such layer (its table range is the largest model's; "layers" may be smaller).
int insideLayer(const OptionValues& v, const TrainingLabSetup& setup) {
    const int layers = setup.train.model.layers;
    const int layer = v.has("layer") ? static_cast<int>(v.integer("layer")) : layers - 1;
    if (layer >= layers) {
        throw rope::InvalidParameter(
            "layer", FigureText::tr("layer %1 does not exist: the model has %2 layer(s), "
                                    "numbered 0 … %3")
                         .arg(layer)
                         .arg(layers)
                         .arg(layers - 1)
                         .toStdString());
    }
    return layer;
}

// Inside the trained RoPE model: one head's softmax attention on a held-out sequence as a colour
// map (row = query i, column = key j; the masked keys j > i are left blank), and beside it the
// per-pair norms ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ against the pair index i.
FigureData composeInside(const TrainingLabSetup& setup, const OptionValues& v,
                         const TrainingLabResult* result) {
    const int layer = insideLayer(v, setup);
    const auto head = static_cast<int>(v.integer("head"));
    const int length = setup.train.length;
    const int steps = setup.train.steps;
    const rope::train::ModelConfig& model = setup.train.model;
    const int pairs = rope::train::rotaryDimension(model) / 2;
    // The trained model of these inputs, or the one in training (its curve only), or none.
    const TrainingLabInside* inside = nullptr;
    if (result != nullptr && result->inside &&
        result->inside->key == trainingLabRunKey(setup, "rope", 1)) {
        inside = result->inside.get();
    }

    FigureData data;
    data.title = FigureText::tr("Inside RoPE trained on %1 (b = %2, L = %3, seed 1): "
                                "layer %4, head %5 on a held-out sequence")
                     .arg(QString::fromLatin1(rope::train::taskId(setup.train.task.task)))
                     .arg(formatNumber(model.base, 3))
                     .arg(length)
                     .arg(layer)
                     .arg(head);
    data.xLabel = FigureText::tr("key position j");
    data.yLabel = FigureText::tr("query position i");
    data.xRange = {{-0.5, length - 0.5}};
    data.yRange = {{-0.5, length - 0.5}};
    data.yReversed = true;

    SidePlot side;
    side.title = FigureText::tr("‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ per rotary pair");
    side.xLabel = FigureText::tr("rotary pair i (wavelength 2π·b²ⁱᐟʳ grows with i)");
    side.yLabel = FigureText::tr("norm product");
    side.xRange = {-0.5, pairs - 0.5};
    side.yRange = {0.0, 1.0};
    side.widthShare = 0.6;

    if (inside == nullptr || !inside->trained) {
        const bool training = v.toggle("run");
        QString text;
        if (!training) {
            text = FigureText::tr("Not trained yet.\nPress Train to train RoPE (seed 1) for %1 "
                                  "steps\nand look inside it.")
                       .arg(steps);
        } else if (inside != nullptr && !inside->curve.empty()) {
            text = FigureText::tr("Training RoPE… step %1 of %2, accuracy %3")
                       .arg(inside->curve.back().step)
                       .arg(steps)
                       .arg(formatNumber(inside->curve.back().accuracy, 3));
        } else {
            text = FigureText::tr("Training…");
        }
        data.labels.push_back({0.5 * (length - 1), 0.5 * (length - 1), text, false});
        data.side = std::move(side);
        return data;
    }

    // The colour map: row i = query i, column j = key j; NaN (a gap) above the diagonal.
    const Eigen::MatrixXd& a =
        inside->attention.maps[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
    ColourMap map;
    map.columns = length;
    map.rows = length;
    map.xFirst = 0;
    map.xLast = length - 1;
    map.yFirst = 0;
    map.yLast = length - 1;
    for (int i = 0; i < length; ++i) {
        for (int j = 0; j < length; ++j) {
            map.values.push_back(j <= i ? a(i, j) : std::numeric_limits<double>::quiet_NaN());
        }
    }
    map.zMin = 0;
    map.zMax = 1;
    map.diverging = false;
    map.label = FigureText::tr("attention probability (rows sum to 1)");
    data.colourMap = std::move(map);

    // Which offset i − j this head attends most: over the queries, the offset of each row's
    // largest probability, and how many rows share the most common one. A head that learned
    // offset-copy's k = 4 puts most rows' maximum on the diagonal j = i − 4.
    std::vector<int> votes(static_cast<std::size_t>(length), 0);
    for (int i = 0; i < length; ++i) {
        Eigen::Index best = 0;
        a.row(i).head(i + 1).maxCoeff(&best);
        ++votes[static_cast<std::size_t>(i - best)];
    }
    const auto modal = static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
    data.readouts.push_back(
        {FigureText::tr("most attended offset i − j"), static_cast<double>(modal), QString(),
         false,
         FigureText::tr("%1 (the maximum of %2 of %3 rows)")
             .arg(modal)
             .arg(votes[static_cast<std::size_t>(modal)])
             .arg(length)});
    data.readouts.push_back({FigureText::tr("held-out accuracy at L"), inside->accuracy, QString()});

    // The norms: this head, and the mean over every layer and head of the model.
    const rope::train::PairNorms& n = inside->norms;
    Series thisHead;
    thisHead.id = QStringLiteral("pair-norms-head");
    thisHead.name = FigureText::tr("layer %1, head %2").arg(layer).arg(head);
    thisHead.colour = 0;
    thisHead.style = SeriesStyle::Line;
    Series mean = thisHead;
    mean.id = QStringLiteral("pair-norms-mean");
    mean.name = FigureText::tr("mean over all %1 heads").arg(n.layers * n.heads);
    mean.colour = 1;
    mean.dashed = true;
    // Before training: the same mean at the initial weights, so that what grew is visible (every
    // row starts as N(0, 1/d_model) draws, so this profile is flat up to noise).
    Series before = mean;
    before.id = QStringLiteral("pair-norms-mean-initial");
    before.name = FigureText::tr("mean over all heads, before training");
    before.colour = 6; // the palette's black, translucent: a reference, not a result
    before.faint = true;
    const std::vector<double> summed = n.summed();
    const std::vector<double> summedBefore = inside->initialNorms.summed();
    double highest = 0;
    for (int i = 0; i < n.pairs; ++i) {
        thisHead.x.push_back(i);
        thisHead.y.push_back(n.product(layer, head, i));
        mean.x.push_back(i);
        mean.y.push_back(summed[static_cast<std::size_t>(i)] / (n.layers * n.heads));
        before.x.push_back(i);
        before.y.push_back(summedBefore[static_cast<std::size_t>(i)] / (n.layers * n.heads));
        highest = std::max({highest, thisHead.y.back(), mean.y.back(), before.y.back()});
    }
    // Where the wavelength equals the training length: 2π·b^(2i/r) = L at i = (r/2)·log_b(L/2π).
    // Pairs left of it turn at least once within L; pairs right of it less than once.
    const double turnAtL = pairs * std::log(length / (2.0 * std::numbers::pi)) / std::log(model.base);
    if (turnAtL > -0.5 && turnAtL < pairs - 0.5) {
        Series guide;
        guide.id = QStringLiteral("wavelength-equals-l");
        guide.name = FigureText::tr("wavelength = L");
        guide.style = SeriesStyle::Guide;
        guide.inLegend = false;
        guide.x = {turnAtL, turnAtL};
        guide.y = {0.0, 1.1 * highest};
        side.series.push_back(std::move(guide));
        side.labels.push_back({turnAtL, 1.12 * highest, FigureText::tr("λ = L"), false});
    }
    const int peakHead = rope::train::peakPair(thisHead.y);
    side.series.push_back(std::move(thisHead));
    side.series.push_back(std::move(mean));
    side.series.push_back(std::move(before));
    side.yRange = {0.0, 1.2 * std::max(highest, 1e-12)};
    const int peakAll = rope::train::peakPair(summed);
    data.readouts.push_back(
        {FigureText::tr("largest pair, this head"), static_cast<double>(peakHead), QString(), false,
         FigureText::tr("%1 (λ = %2)")
             .arg(peakHead)
             .arg(formatNumber(n.wavelength[static_cast<std::size_t>(peakHead)], 3))});
    data.readouts.push_back(
        {FigureText::tr("largest pair, all heads"), static_cast<double>(peakAll), QString(), false,
         FigureText::tr("%1 (λ = %2)")
             .arg(peakAll)
             .arg(formatNumber(n.wavelength[static_cast<std::size_t>(peakAll)], 3))});
    data.side = std::move(side);
    return data;
}

FigureData composeLab(const rope::RopeParams& /*params*/, const FigureOptions& options,
                      const JobResult* last) {
    const TrainingLabSetup setup = trainingLabSetup(options);
    const OptionValues v(trainingLabOptions(), options);
    const auto* result = dynamic_cast<const TrainingLabResult*>(last);
    if (viewOf(options) == View::Inside) {
        return composeInside(setup, v, result);
    }
    if (viewOf(options) == View::Length) {
        return composeLength(options, result);
    }
    if (viewOf(options) == View::Base) {
        return composeBase(options, result);
    }
    const Curve curve = v.choice<Curve>("curve");
    const int steps = setup.train.steps;
    const int length = setup.train.length;

    FigureData data;
    data.title = FigureText::tr("Training race on %1: %2 layer(s), d_model %3, L = %4, %5 seed(s)")
                     .arg(QString::fromLatin1(rope::train::taskId(setup.train.task.task)))
                     .arg(setup.train.model.layers)
                     .arg(setup.train.model.dModel)
                     .arg(length)
                     .arg(setup.seeds);
    data.xLabel =
        FigureText::tr("training step (batch of %1 fresh sequences)").arg(kTrainingLabBatch);
    data.yLabel = curve == Curve::Accuracy ? FigureText::tr("accuracy on the step's batch")
                                           : FigureText::tr("cross-entropy loss (nats)");
    data.xRange = {{0.0, static_cast<double>(steps)}};
    if (curve == Curve::Accuracy) {
        data.yRange = {{0.0, 1.02}};
    }
    // Accuracy curves start at the bottom left and rise to the top right, and the schemes that do
    // not learn stay along the bottom: the top left is free. Loss curves cover the top left and
    // the lower right, so their legend goes under the axes.
    data.legendAlignment = Qt::AlignTop | Qt::AlignLeft;
    data.legendBelow = curve == Curve::Loss;

    SidePlot side;
    side.title = FigureText::tr("held-out accuracy by test length");
    side.xLabel = FigureText::tr("test length (tokens)");
    side.yLabel = FigureText::tr("accuracy");
    side.xRange = {0.5 * length, (kTrainingLabLengthMultiples + 0.5) * length};
    side.yRange = {0.0, 1.02};
    side.widthShare = 0.55;
    for (int k = 0; k < static_cast<int>(setup.testLengths.size()); ++k) {
        side.xTicks.push_back({static_cast<double>(setup.testLengths[static_cast<std::size_t>(k)]),
                               k == 0 ? FigureText::tr("%1 (L)").arg(setup.testLengths[0])
                                      : FigureText::tr("%1 (%2L)")
                                            .arg(setup.testLengths[static_cast<std::size_t>(k)])
                                            .arg(k + 1)});
    }

    if (!v.toggle("run")) {
        // Nothing is trained until asked (the Train button, rope-cli --set run=true): an empty
        // frame that says what Train would run.
        const int runs = static_cast<int>(setup.schemes.size()) * setup.seeds;
        if (curve == Curve::Loss) {
            data.yRange = {{0.0, 3.0}};
        }
        data.labels.push_back(
            {0.5 * steps, 0.5 * (data.yRange->first + data.yRange->second),
             // Short lines: the main axes are narrow beside the side plot (a handout page's
             // figure at 12.3 pt clipped the longer lines at the axes' edges).
             FigureText::tr("Not trained yet.\nPress Train to race\n%1 scheme(s) × %2 seed(s):\n"
                            "%3 runs of %4 steps,\n%5 training steps in all.")
                 .arg(static_cast<int>(setup.schemes.size()))
                 .arg(setup.seeds)
                 .arg(runs)
                 .arg(steps)
                 .arg(runs * steps),
             false});
        data.side = std::move(side);
        return data;
    }

    // The runs drawn: finished ones of these inputs, and the one in training if it is of them.
    std::vector<std::vector<const TrainingLabRun*>> byScheme(setup.schemes.size());
    std::vector<std::vector<const TrainingLabRun*>> curvesByScheme(setup.schemes.size());
    if (result != nullptr) {
        byScheme = trainingLabRunsByScheme(setup, *result);
        curvesByScheme = byScheme;
        if (result->current) {
            for (std::size_t j = 0; j < setup.schemes.size(); ++j) {
                if (result->current->key ==
                    trainingLabRunKey(setup, setup.schemes[j], result->current->seed)) {
                    curvesByScheme[j].push_back(result->current.get());
                }
            }
        }
    }
    int finished = 0;
    for (const auto& runs : byScheme) {
        finished += static_cast<int>(runs.size());
    }
    const int total = static_cast<int>(setup.schemes.size()) * setup.seeds;
    if (finished < total) {
        data.title += QStringLiteral(" — ") +
                      FigureText::tr("training… %1 of %2 runs done").arg(finished).arg(total);
    }

    for (std::size_t j = 0; j < setup.schemes.size(); ++j) {
        const std::string& id = setup.schemes[j];
        const QString name = schemeLabel(id);
        const QString sid = QString::fromStdString(id);
        const int colour = schemeColour(id);
        // Curves: at each step, the spread over the seeds that have reached it.
        std::vector<double> x;
        std::vector<Spread> y;
        for (int s = 1; s <= steps; ++s) {
            std::vector<double> values;
            for (const TrainingLabRun* run : curvesByScheme[j]) {
                if (static_cast<int>(run->curve.size()) >= s) {
                    const CurvePoint& p = run->curve[static_cast<std::size_t>(s - 1)];
                    values.push_back(curve == Curve::Accuracy ? p.accuracy : p.loss);
                }
            }
            if (values.empty()) {
                break;
            }
            x.push_back(s);
            y.push_back(spreadOf(values));
        }
        if (!x.empty()) {
            addBand(
                data.series,
                (curve == Curve::Accuracy ? QStringLiteral("accuracy-") : QStringLiteral("loss-")) +
                    sid,
                name, colour, x, y);
        }
        // Held-out accuracy by length: finished runs only.
        if (!byScheme[j].empty()) {
            std::vector<double> lx;
            std::vector<Spread> ly;
            for (std::size_t k = 0; k < setup.testLengths.size(); ++k) {
                std::vector<double> values;
                for (const TrainingLabRun* run : byScheme[j]) {
                    values.push_back(run->accuracyByLength[k]);
                }
                lx.push_back(setup.testLengths[k]);
                ly.push_back(spreadOf(values));
            }
            addBand(side.series, QStringLiteral("length-") + sid, name, colour, lx, ly);
            // The main plot's legend already names the scheme in this colour.
            side.series.back().inLegend = false;
        }

        // Readouts: steps to 99 % (−1 in the CSV when no seed got there, as rope-cli train's null)
        // and accuracy at 4L, each the mean with the range over the seeds.
        const int seedsDone = static_cast<int>(byScheme[j].size());
        if (seedsDone == 0) {
            continue;
        }
        std::vector<double> reached;
        std::vector<double> atLongest;
        for (const TrainingLabRun* run : byScheme[j]) {
            const int at = trainingLabStepsTo(run->curve, 0.99);
            if (at > 0) {
                reached.push_back(at);
            }
            atLongest.push_back(run->accuracyByLength.back());
        }
        const Spread r = spreadOf(reached);
        Readout steps99{FigureText::tr("%1: steps to 99 %").arg(name),
                        reached.empty() ? -1.0 : r.mean, QString()};
        if (reached.empty()) {
            steps99.text = FigureText::tr("never in %1 steps (%2 seeds)").arg(steps).arg(seedsDone);
        } else {
            steps99.text =
                (r.count == 1 ? formatNumber(r.mean, 3)
                              : FigureText::tr("%1 (%2)").arg(formatNumber(r.mean, 3),
                                                              rangeText(r.min, r.max, 3))) +
                FigureText::tr(", %1 of %2 seeds").arg(r.count).arg(seedsDone);
        }
        data.readouts.push_back(steps99);
        const Spread a = spreadOf(atLongest);
        Readout longest{
            FigureText::tr("%1: accuracy at %2L").arg(name).arg(kTrainingLabLengthMultiples),
            a.mean, QString()};
        longest.text = a.min == a.max ? formatNumber(a.mean, 3)
                                      : FigureText::tr("%1 (%2)").arg(formatNumber(a.mean, 3),
                                                                      rangeText(a.min, a.max, 3));
        data.readouts.push_back(longest);
    }
    if (data.series.empty()) {
        data.labels.push_back({0.5 * steps, curve == Curve::Accuracy ? 0.5 : 1.0,
                               FigureText::tr("Training…"), false});
        if (curve == Curve::Loss) {
            data.yRange = {{0.0, 3.0}};
        }
    }
    data.side = std::move(side);
    return data;
}

} // namespace

TrainingLabSetup trainingLabSetup(const FigureOptions& options) {
    const OptionValues v(trainingLabOptions(), options);
    TrainingLabSetup s;
    rope::train::TrainOptions& t = s.train;
    t.task.task = rope::train::parseTask(v.choiceId("task").toStdString());
    t.task.vocab = kTrainingLabVocab;
    t.task.offset = kTrainingLabOffset;
    t.model.vocab = kTrainingLabVocab;
    t.model.layers = static_cast<int>(v.integer("layers"));
    t.model.dModel = v.choiceId("d-model").toInt();
    t.model.heads = kTrainingLabHeads;
    t.model.base = v.real("base");
    t.length = static_cast<int>(v.integer("length"));
    t.batch = kTrainingLabBatch;
    t.steps = static_cast<int>(v.integer("steps"));
    // One worker per core: core/train's result is bitwise the same at any thread count.
    t.threads = rope::resolveThreads(0);
    // The learned table needs a row for every test position (rows past L stay untrained).
    t.model.maxLength = kTrainingLabLengthMultiples * t.length;
    s.schemes = parseSchemes(v.text("schemes"));
    s.seeds = static_cast<int>(v.integer("seeds"));
    for (int k = 1; k <= kTrainingLabLengthMultiples; ++k) {
        s.testLengths.push_back(k * t.length);
    }
    // The race trains every scheme × seed; the inside view one model (rope, seed 1), whatever
    // schemes and seeds say; the length and base views count their own work (it includes the
    // fine-tunes and the long test lengths' attention), trainingLabLengthOptions().
    const View view = viewOf(options);
    const double models =
        view == View::Race ? s.seeds * static_cast<double>(s.schemes.size()) : 1.0;
    const double work = static_cast<double>(t.model.layers) * t.model.dModel * t.model.dModel *
                        t.length * t.batch * t.steps * models;
    if (view == View::Race && work > kTrainingLabWorkLimit) {
        throw rope::InvalidParameter(
            "steps", FigureText::tr("layers·d_model²·length·batch·steps·seeds·schemes = %1 "
                                    "exceeds the lab's limit of %2; lower steps, seeds or sizes")
                         .arg(formatNumber(work, 3), formatNumber(kTrainingLabWorkLimit, 3))
                         .toStdString());
    }
    if (view == View::Inside && work > kTrainingLabWorkLimit) {
        throw rope::InvalidParameter(
            "steps", FigureText::tr("layers·d_model²·length·batch·steps = %1 (the inside view's "
                                    "one model) exceeds the lab's limit of %2; lower steps or "
                                    "sizes")
                         .arg(formatNumber(work, 3), formatNumber(kTrainingLabWorkLimit, 3))
                         .toStdString());
    }
    for (const std::string& id : s.schemes) {
        rope::train::TrainOptions o = t;
        o.model.scheme = rope::parsePositionScheme(id);
        rope::train::validate(o);
        for (int length : s.testLengths) {
            rope::train::validate(o.task, length);
        }
    }
    return s;
}

rope::train::LengthOptions trainingLabLengthOptions(const FigureOptions& options) {
    const TrainingLabSetup setup = trainingLabSetup(options);
    const OptionValues v(trainingLabOptions(), options);
    rope::train::LengthOptions o;
    o.train = setup.train;
    o.schemes.clear();
    for (const std::string& id : setup.schemes) {
        o.schemes.push_back(rope::parsePositionScheme(id));
    }
    o.seeds = setup.seeds;
    o.firstSeed = 1;
    // ½L (a shorter context than trained: no scaling applies), L, then 2L … 4L as the race.
    const int L = setup.train.length;
    o.testLengths = {L / 2};
    o.testLengths.insert(o.testLengths.end(), setup.testLengths.begin(), setup.testLengths.end());
    o.methods = {rope::ScalingKind::Linear, rope::ScalingKind::Ntk, rope::ScalingKind::Dynamic,
                 rope::ScalingKind::Yarn};
    o.fineTuneSteps = static_cast<int>(v.integer("finetune-steps"));
    o.fineTuneLength = 0; // 2L, PI's recipe at s = 2 (resolveLengthOptions())
    o.evalSequences = kTrainingLabEvalSequences;
    o = rope::train::resolveLengthOptions(o);
    const double work = rope::train::lengthExperimentWork(o);
    if (work > kTrainingLabExperimentWorkLimit) {
        throw rope::InvalidParameter(
            "steps",
            FigureText::tr("the length experiment's work %1 (layers·d_model·(d_model + T)·T per "
                           "sequence over training, fine-tuning and evaluation) exceeds the "
                           "panel's limit of %2; lower steps, seeds, schemes or sizes")
                .arg(formatNumber(work, 3), formatNumber(kTrainingLabExperimentWorkLimit, 3))
                .toStdString());
    }
    return o;
}

rope::train::BaseOptions trainingLabBaseOptions(const FigureOptions& options) {
    const TrainingLabSetup setup = trainingLabSetup(options);
    rope::train::BaseOptions o;
    o.train = setup.train;
    o.train.model.scheme = rope::PositionScheme::Rope;
    o.bases.clear();
    o.baseCount = kTrainingLabBaseCount;
    o.rotaryFractions = {1.0};
    o.seeds = setup.seeds;
    o.firstSeed = 1;
    o.testFactor = kTrainingLabBaseTestFactor;
    o.evalSequences = kTrainingLabEvalSequences;
    o = rope::train::resolveBaseOptions(o);
    const double work = rope::train::baseExperimentWork(o);
    if (work > kTrainingLabExperimentWorkLimit) {
        throw rope::InvalidParameter(
            "steps",
            FigureText::tr("the base sweep's work %1 (layers·d_model·(d_model + T)·T per "
                           "sequence over training and evaluation, %2 bases × seeds) exceeds the "
                           "panel's limit of %3; lower steps, seeds or sizes")
                .arg(formatNumber(work, 3))
                .arg(static_cast<int>(o.bases.size()) * o.seeds)
                .arg(formatNumber(kTrainingLabExperimentWorkLimit, 3))
                .toStdString());
    }
    return o;
}

namespace {

QVariantMap modelKey(const rope::train::TrainOptions& t) {
    return {
        {QStringLiteral("task"), QString::fromLatin1(rope::train::taskId(t.task.task))},
        {QStringLiteral("steps"), t.steps},
        {QStringLiteral("length"), t.length},
        {QStringLiteral("batch"), t.batch},
        {QStringLiteral("d-model"), t.model.dModel},
        {QStringLiteral("layers"), t.model.layers},
        {QStringLiteral("heads"), t.model.heads},
        {QStringLiteral("base"), t.model.base},
    };
}

QVariantList intList(const std::vector<int>& values) {
    QVariantList l;
    for (int v : values) {
        l << v;
    }
    return l;
}

} // namespace

QVariantMap trainingLabLengthKey(const rope::train::LengthOptions& o) {
    QVariantMap key = modelKey(o.train);
    QStringList schemes;
    for (rope::PositionScheme s : o.schemes) {
        schemes << QString::fromLatin1(rope::positionSchemeId(s));
    }
    QStringList methods;
    for (const rope::ScalingKind m : o.methods) {
        methods << rope::io::scalingIdText(m);
    }
    key.insert(QStringLiteral("experiment"), QStringLiteral("length"));
    key.insert(QStringLiteral("schemes"), schemes);
    key.insert(QStringLiteral("seeds"), o.seeds);
    key.insert(QStringLiteral("first-seed"), static_cast<qulonglong>(o.firstSeed));
    key.insert(QStringLiteral("test-lengths"), intList(o.testLengths));
    key.insert(QStringLiteral("methods"), methods);
    key.insert(QStringLiteral("finetune-steps"), o.fineTuneSteps);
    key.insert(QStringLiteral("finetune-length"), o.fineTuneLength);
    key.insert(QStringLiteral("eval-sequences"), o.evalSequences);
    return key;
}

QVariantMap trainingLabBaseKey(const rope::train::BaseOptions& o) {
    QVariantMap key = modelKey(o.train);
    key.remove(QStringLiteral("base")); // swept
    QVariantList bases;
    for (double b : o.bases) {
        bases << b;
    }
    QVariantList fractions;
    for (double f : o.rotaryFractions) {
        fractions << f;
    }
    key.insert(QStringLiteral("experiment"), QStringLiteral("base"));
    key.insert(QStringLiteral("bases"), bases);
    key.insert(QStringLiteral("rotary-fractions"), fractions);
    key.insert(QStringLiteral("seeds"), o.seeds);
    key.insert(QStringLiteral("first-seed"), static_cast<qulonglong>(o.firstSeed));
    key.insert(QStringLiteral("test-factor"), o.testFactor);
    key.insert(QStringLiteral("eval-sequences"), o.evalSequences);
    return key;
}

double trainingLabFullCriticalBase(int rotaryDim, double trainLength) {
    // d_extra = 2⌈(r/2)·log_b(L/2π)⌉ equals r exactly when (r/2)·log_b(L/2π) > r/2 − 1, i.e.
    // ln(L/2π)/ln b > (r − 2)/r; for L > 2π and b > 1 that is ln b < r·ln(L/2π)/(r − 2).
    const double x = trainLength / (2.0 * std::numbers::pi);
    if (rotaryDim <= 2 || !(x > 1.0)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return std::exp(rotaryDim * std::log(x) / (rotaryDim - 2.0));
}

QVariantMap trainingLabRunKey(const TrainingLabSetup& setup, const std::string& scheme, int seed) {
    const rope::train::TrainOptions& t = setup.train;
    return {
        {QStringLiteral("task"), QString::fromLatin1(rope::train::taskId(t.task.task))},
        {QStringLiteral("scheme"), QString::fromStdString(scheme)},
        {QStringLiteral("seed"), seed},
        {QStringLiteral("steps"), t.steps},
        {QStringLiteral("length"), t.length},
        {QStringLiteral("d-model"), t.model.dModel},
        {QStringLiteral("layers"), t.model.layers},
        {QStringLiteral("base"), t.model.base},
    };
}

int trainingLabStepsTo(const std::vector<CurvePoint>& curve, double threshold) {
    for (const CurvePoint& p : curve) {
        if (p.accuracy >= threshold) {
            return p.step;
        }
    }
    return -1;
}

std::shared_ptr<const TrainingLabInside>
trainingLabInside(const TrainingLabSetup& setup, const JobControl& control,
                  const std::shared_ptr<const TrainingLabInside>& reuse,
                  const std::function<void(std::shared_ptr<const TrainingLabInside>)>& onPartial) {
    const QVariantMap key = trainingLabRunKey(setup, "rope", 1);
    if (reuse && reuse->trained && reuse->key == key) {
        return reuse;
    }
    auto inside = std::make_shared<TrainingLabInside>();
    inside->key = key;
    rope::train::TrainOptions o = setup.train;
    o.model.scheme = rope::PositionScheme::Rope;
    o.seed = 1;
    // Partial results at most this often, as the race's (a redraw per step would queue up).
    constexpr auto kPublishEvery = std::chrono::milliseconds(150);
    auto lastPublished = std::chrono::steady_clock::now();
    rope::WorkControl work(control.flag());
    const auto onStep = [&](const CurvePoint& p) {
        inside->curve.push_back(p);
        control.progress(static_cast<double>(p.step) / o.steps);
        if (onPartial && std::chrono::steady_clock::now() - lastPublished >= kPublishEvery) {
            onPartial(std::make_shared<const TrainingLabInside>(*inside));
            lastPublished = std::chrono::steady_clock::now();
        }
    };
    const rope::train::TrainRun trained = rope::train::trainModel(o, &work, onStep);
    inside->curve = trained.curve;
    if (trained.cancelled) {
        return inside; // not trained: the caller marks the result cancelled
    }
    // The held-out sequence: the first of seed 1's evaluation stream, which training never
    // draws from (tasks.h streamSeed()).
    std::mt19937_64 rng(rope::train::streamSeed(o.seed, rope::train::kStreamEvaluation));
    const rope::train::Batch sequence = rope::train::makeBatch(o.task, 1, o.length, rng);
    inside->tokens = sequence.tokens;
    inside->attention = rope::train::attentionMaps(trained.model, inside->tokens);
    inside->norms = rope::train::pairNorms(trained.model);
    inside->initialNorms = rope::train::pairNorms(rope::train::initialModel(o));
    const rope::train::Evaluation e =
        rope::train::evaluate(trained.model, o.task, o.length, kTrainingLabEvalSequences, o.seed,
                              {}, o.threads, &work);
    if (work.cancelled()) {
        return inside;
    }
    inside->accuracy = e.accuracy;
    inside->trained = true;
    return inside;
}

std::vector<std::vector<const TrainingLabRun*>>
trainingLabRunsByScheme(const TrainingLabSetup& setup, const TrainingLabResult& result) {
    std::vector<std::vector<const TrainingLabRun*>> out(setup.schemes.size());
    for (std::size_t j = 0; j < setup.schemes.size(); ++j) {
        for (int seed = 1; seed <= setup.seeds; ++seed) {
            const QVariantMap key = trainingLabRunKey(setup, setup.schemes[j], seed);
            for (const auto& run : result.runs) {
                if (run->key == key && !run->accuracyByLength.empty()) {
                    out[j].push_back(run.get());
                    break;
                }
            }
        }
    }
    return out;
}

namespace {

// The length view's job: core's length experiment for these options, unless the previous
// result or the memo holds it finished. A partial result after every finished model (core's
// callback); a cancel keeps what was finished, marked unfinished.
void runLengthView(const FigureOptions& options, const JobControl& control,
                   TrainingLabResult& result) {
    const rope::train::LengthOptions o = trainingLabLengthOptions(options);
    const QVariantMap key = trainingLabLengthKey(o);
    if (result.length && result.length->key == key) {
        return;
    }
    if (auto known = rememberedTrainingLabLength(key)) {
        result.length = std::move(known);
        return;
    }
    const auto wrap = [&key](const rope::train::LengthResult& r, bool finished) {
        auto length = std::make_shared<TrainingLabLength>();
        length->key = key;
        length->result = r;
        length->finished = finished;
        return std::shared_ptr<const TrainingLabLength>(std::move(length));
    };
    const rope::WorkControl work(control.flag(), [&control](double f) { control.progress(f); });
    const rope::train::LengthResult r =
        rope::train::runLengthExperiment(o, &work, [&](const rope::train::LengthResult& partial) {
            auto p = std::make_shared<TrainingLabResult>(result);
            p->complete = false;
            p->length = wrap(partial, false);
            control.partial(std::move(p));
        });
    result.length = wrap(r, !r.cancelled);
    if (r.cancelled) {
        result.complete = false;
        result.cancelled = true;
    } else {
        rememberTrainingLabLength(result.length);
    }
}

// The base view's job, as the length view's.
void runBaseView(const FigureOptions& options, const JobControl& control,
                 TrainingLabResult& result) {
    const rope::train::BaseOptions o = trainingLabBaseOptions(options);
    const QVariantMap key = trainingLabBaseKey(o);
    if (result.base && result.base->key == key) {
        return;
    }
    if (auto known = rememberedTrainingLabBase(key)) {
        result.base = std::move(known);
        return;
    }
    const auto wrap = [&key](const rope::train::BaseResult& r, bool finished) {
        auto base = std::make_shared<TrainingLabBase>();
        base->key = key;
        base->result = r;
        base->finished = finished;
        return std::shared_ptr<const TrainingLabBase>(std::move(base));
    };
    const rope::WorkControl work(control.flag(), [&control](double f) { control.progress(f); });
    const rope::train::BaseResult r =
        rope::train::runBaseExperiment(o, &work, [&](const rope::train::BaseResult& partial) {
            auto p = std::make_shared<TrainingLabResult>(result);
            p->complete = false;
            p->base = wrap(partial, false);
            control.partial(std::move(p));
        });
    result.base = wrap(r, !r.cancelled);
    if (r.cancelled) {
        result.complete = false;
        result.cancelled = true;
    } else {
        rememberTrainingLabBase(result.base);
    }
}

} // namespace

std::shared_ptr<const TrainingLabResult> runTrainingLab(const rope::RopeParams& params,
                                                        const FigureOptions& options,
                                                        const JobControl& control,
                                                        const JobResult* previous) {
    const TrainingLabSetup setup = trainingLabSetup(options);
    const auto* before = dynamic_cast<const TrainingLabResult*>(previous);
    auto result = std::make_shared<TrainingLabResult>();
    result->inputs = labInputs(params, options);
    // The other view's work is handed on, so switching back draws it without training again.
    if (before != nullptr && before->inside && before->inside->trained) {
        result->inside = before->inside;
    }
    if (before != nullptr && before->length && before->length->finished) {
        result->length = before->length;
    }
    if (before != nullptr && before->base && before->base->finished) {
        result->base = before->base;
    }
    const View view = viewOf(options);
    const bool inside = view == View::Inside;
    const bool experiment = view == View::Length || view == View::Base;
    if (!OptionValues(trainingLabOptions(), options).toggle("run") || inside || experiment) {
        // Not asked to train (or the inside view): the finished runs are handed on, so Train
        // for their settings again draws them without training.
        if (before != nullptr) {
            for (const auto& run : before->runs) {
                if (!run->accuracyByLength.empty()) {
                    result->runs.push_back(run);
                }
            }
        }
    }
    if (!OptionValues(trainingLabOptions(), options).toggle("run")) {
        return result;
    }
    if (view == View::Length) {
        runLengthView(options, control, *result);
        return result;
    }
    if (view == View::Base) {
        runBaseView(options, control, *result);
        return result;
    }
    if (inside) {
        const auto onPartial = [&](std::shared_ptr<const TrainingLabInside> partialInside) {
            auto partial = std::make_shared<TrainingLabResult>(*result);
            partial->complete = false;
            partial->inside = std::move(partialInside);
            control.partial(std::move(partial));
        };
        result->inside = trainingLabInside(setup, control, result->inside, onPartial);
        if (!result->inside->trained) {
            result->complete = false;
            result->cancelled = true;
        }
        return result;
    }
    const int total = static_cast<int>(setup.schemes.size()) * setup.seeds;
    // Partial results at most this often: a step of the default model takes a few ms, and a
    // redraw per step would only queue up behind the GUI.
    constexpr auto kPublishEvery = std::chrono::milliseconds(150);
    auto lastPublished = std::chrono::steady_clock::now();
    const auto publish = [&](std::shared_ptr<const TrainingLabRun> current) {
        auto partial = std::make_shared<TrainingLabResult>(*result);
        partial->complete = false;
        partial->current = std::move(current);
        control.partial(std::move(partial));
        lastPublished = std::chrono::steady_clock::now();
    };

    int done = 0;
    for (int seed = 1; seed <= setup.seeds; ++seed) {
        for (const std::string& scheme : setup.schemes) {
            const QVariantMap key = trainingLabRunKey(setup, scheme, seed);
            std::shared_ptr<const TrainingLabRun> reused;
            if (before != nullptr) {
                for (const auto& run : before->runs) {
                    if (run->key == key && !run->accuracyByLength.empty()) {
                        reused = run;
                        break;
                    }
                }
            }
            if (reused) {
                result->runs.push_back(std::move(reused));
                ++done;
                continue;
            }
            if (control.cancelled()) {
                result->complete = false;
                result->cancelled = true;
                return result;
            }
            auto run = std::make_shared<TrainingLabRun>();
            run->key = key;
            run->scheme = scheme;
            run->seed = seed;
            rope::train::TrainOptions o = setup.train;
            o.model.scheme = rope::parsePositionScheme(scheme);
            o.seed = static_cast<std::uint64_t>(seed);
            rope::WorkControl work(control.flag());
            const auto onStep = [&](const CurvePoint& p) {
                run->curve.push_back(p);
                control.progress((done + static_cast<double>(p.step) / o.steps) / total);
                if (std::chrono::steady_clock::now() - lastPublished >= kPublishEvery) {
                    publish(std::make_shared<const TrainingLabRun>(*run));
                }
            };
            const rope::train::TrainRun trained = rope::train::trainModel(o, &work, onStep);
            if (trained.cancelled) {
                result->current = run;
                result->complete = false;
                result->cancelled = true;
                return result;
            }
            run->curve = trained.curve;
            for (int length : setup.testLengths) {
                const rope::train::Evaluation e =
                    rope::train::evaluate(trained.model, o.task, length, kTrainingLabEvalSequences,
                                          o.seed, {}, o.threads, &work);
                if (work.cancelled()) {
                    result->current = run;
                    run->accuracyByLength.clear();
                    result->complete = false;
                    result->cancelled = true;
                    return result;
                }
                run->accuracyByLength.push_back(e.accuracy);
            }
            result->runs.push_back(run);
            ++done;
            control.progress(static_cast<double>(done) / total);
            publish(nullptr);
        }
    }
    return result;
}

FigureData trainingLabFigure(const rope::RopeParams& params, const FigureOptions& options) {
    if (!OptionValues(trainingLabOptions(), options).toggle("run")) {
        return composeLab(params, options, nullptr); // what Train would run; nothing trained
    }
    const std::atomic<bool> never{false};
    // Runs trained before in this process (a course answer, a slide's first layout pass) are
    // drawn, not trained again (training_lab_memo.h).
    const std::shared_ptr<const TrainingLabResult> result =
        runTrainingLab(params, options, JobControl(never),
                       trainingLabKnownRuns(trainingLabSetup(options), nullptr).get());
    rememberTrainingLabRuns(*result);
    return composeLab(params, options, result.get());
}

const FigureJob& trainingLabJob() {
    static const FigureJob job{
        .inputs = &labInputs,
        .run = [](const rope::RopeParams& params, const FigureOptions& options,
                  const JobControl& control,
                  const JobResult* previous) -> std::shared_ptr<const JobResult> {
            // The previous result's runs and the process's memo (a course answer trained the
            // race a step reveals): either is drawn at once instead of trained again.
            auto result =
                runTrainingLab(params, options, control,
                               trainingLabKnownRuns(trainingLabSetup(options), previous).get());
            rememberTrainingLabRuns(*result);
            return result;
        },
        .compose = &composeLab};
    return job;
}

const OptionTable& trainingLabOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("race"),
         .choices = {{"race", QT_TRANSLATE_NOOP("FigureOptions", "race of the schemes")},
                     {"inside", QT_TRANSLATE_NOOP("FigureOptions", "inside a trained RoPE model")},
                     {"length", QT_TRANSLATE_NOOP("FigureOptions",
                                                  "accuracy against test length (PI, NTK, YaRN)")},
                     {"base",
                      QT_TRANSLATE_NOOP("FigureOptions", "accuracy at 4L against the base")}},
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Race: every scheme's training curve and held-out accuracy. Inside: one RoPE model "
             "(seed 1, the race's settings) after training: one head's attention on a held-out "
             "sequence and the per-pair norms ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ of its projections. Length: "
             "held-out accuracy at ½L … 4L per scheme, and RoPE with PI, NTK-aware, dynamic NTK "
             "and YaRN at test time and after a fine-tune. Base: RoPE trained at six bases "
             "10 … 10⁶, accuracy at 4L beside the bound b* and the critical dimension.")},
        {.id = "task",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Task:"),
         .kind = OptionKind::Choice,
         .defaultValue = QString::fromLatin1(kTaskIds[0]),
         .choices = {{kTaskIds[0],
                      QT_TRANSLATE_NOOP("FigureOptions", "offset-copy (token 4 back)")},
                     {kTaskIds[1],
                      QT_TRANSLATE_NOOP("FigureOptions", "induction (repeat distance varies)")},
                     {kTaskIds[2],
                      QT_TRANSLATE_NOOP("FigureOptions", "position parity (absolute)")}},
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "What the models learn: copy the token 4 positions back (relative position); "
             "continue a repeated block whose length varies (induction); or (token + position) "
             "mod 2 (absolute position).")},
        {.id = "schemes",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Schemes:"),
         .kind = OptionKind::Text,
         .defaultValue = QStringLiteral("rope,learned,sinusoidal,nope,alibi"),
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Comma-separated position schemes to train: rope, learned, sinusoidal, nope, "
             "alibi, t5, p-rope."),
         .validate = &checkSchemes},
        {.id = "seeds",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "S&eeds:"),
         .kind = OptionKind::Integer,
         .defaultValue = 3,
         .min = 1,
         .max = 10,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Runs per scheme (seeds 1 … N: weights and batches); "
                                      "the band spans their smallest and largest value.")},
        {.id = "steps",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Ste&ps:"),
         .kind = OptionKind::Integer,
         .defaultValue = 150,
         .min = 10,
         .max = 5000,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions", "AdamW steps per run, each on a fresh batch of 16 sequences.")},
        {.id = "length",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Length L:"),
         .kind = OptionKind::Integer,
         .defaultValue = 32,
         .min = 8,
         .max = 128,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Training sequence length L; held-out accuracy is measured "
                                      "at L, 2L, 3L and 4L.")},
        {.id = "d-model",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&d_model:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("32"),
         .choices = {{"16", QStringLiteral("16")},
                     {"32", QStringLiteral("32")},
                     {"64", QStringLiteral("64")},
                     {"128", QStringLiteral("128")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Model width (4 heads of d_model/4 each).")},
        {.id = "layers",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "La&yers:"),
         .kind = OptionKind::Integer,
         .defaultValue = 2,
         .min = 1,
         .max = 4,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Decoder layers (attention and MLP, RMSNorm before each).")},
        {.id = "base",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Base:"),
         .kind = OptionKind::LogReal,
         .defaultValue = 10000.0,
         .min = 10,
         .max = 1e6,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Base b of RoPE, p-RoPE and the sinusoidal table.")},
        {.id = "finetune-steps",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Fine-tune steps:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = 500,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Length view: after training, continue each RoPE model for this many steps at 2L "
             "with each method's scaled θ (PI's recipe) and test it again; 0: no fine-tune.")},
        {.id = "run",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Train"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Train the race (the Train button; rope-cli figure --set run=true). Off: nothing "
             "is trained and the plot says what Train would run."),
         .control = OptionControl::Hidden},
        {.id = "curve",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Curve:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("accuracy"),
         .choices = {{"accuracy", QT_TRANSLATE_NOOP("FigureOptions", "accuracy")},
                     {"loss", QT_TRANSLATE_NOOP("FigureOptions", "loss")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Plot the accuracy or the loss of each step's batch.")},
        // No fixed default: the last layer, where a trained head's offset diagonal shows (layer 0
        // only prepares the residual stream on offset-copy, docs/TRAINING.md).
        {.id = "layer",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Layer sho&wn:"),
         .kind = OptionKind::Integer,
         .min = 0,
         .max = rope::train::limits::kMaxLayers - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Inside view: the layer whose attention is drawn (0 is the "
                                      "first; below the number of layers)."),
         .maxFromOption = "layers",
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the last layer")},
        {.id = "head",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Head shown:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = kTrainingLabHeads - 1,
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "Inside view: the attention head drawn (0 … 3).")},
    };
    return table;
}

} // namespace rope::figures
