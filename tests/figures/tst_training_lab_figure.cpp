// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "training-lab": what the race view plots. Every expected curve comes from runs this
// test trains itself with core/train (the trainer's gradients and determinism are checked in
// tst_train), aggregated here in long double: the panel's mean and min–max band over seeds, its
// held-out accuracy by length, its steps-to-99 % readout, the reuse of finished runs and the
// job's cancel and partial results.
#include "figures/training_lab.h"
#include "figures/training_lab_memo.h"

#include "core/base_bound.h"
#include "core/position_schemes.h"
#include "core/research_rules.h"
#include "figure_test_support.h"
#include "tests/test_support.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <random>

using namespace rope;
using namespace rope::figures;

namespace {

// A race small enough for a unit test: two schemes, two seeds, a one-layer d_model 16 model,
// trained ("run" on: by default the panel trains nothing).
FigureOptions smallRace() {
    return {{QStringLiteral("run"), true},
            {QStringLiteral("schemes"), QStringLiteral("rope,nope")},
            {QStringLiteral("seeds"), 2},
            {QStringLiteral("steps"), 30},
            {QStringLiteral("length"), 16},
            {QStringLiteral("d-model"), QStringLiteral("16")},
            {QStringLiteral("layers"), 1}};
}

// One run as `rope-cli train --task offset-copy --layers 1 --d-model 16 --heads 4 --vocab 16
// --offset 4 --batch 16 --length 16 --steps 30 --seed S --test-lengths 16,32,48,64
// --eval-sequences 32` trains it: the panel's documented settings, written out here.
struct Reference {
    std::vector<train::CurvePoint> curve;
    std::vector<double> byLength;
};

Reference trainReference(const std::string& scheme, int seed) {
    train::TrainOptions o;
    o.task.task = train::Task::OffsetCopy;
    o.task.vocab = 16;
    o.task.offset = 4;
    o.model.vocab = 16;
    o.model.layers = 1;
    o.model.dModel = 16;
    o.model.heads = 4;
    o.model.base = 10000;
    o.model.maxLength = 64;
    o.model.scheme = parsePositionScheme(scheme);
    o.length = 16;
    o.batch = 16;
    o.steps = 30;
    o.seed = static_cast<std::uint64_t>(seed);
    o.threads = 1;
    const train::TrainRun run = train::trainModel(o);
    Reference r;
    r.curve = run.curve;
    for (int length : {16, 32, 48, 64}) {
        r.byLength.push_back(
            train::evaluate(run.model, o.task, length, 32, o.seed, {}, 1).accuracy);
    }
    return r;
}

const std::map<std::pair<std::string, int>, Reference>& references() {
    static const std::map<std::pair<std::string, int>, Reference> runs = [] {
        std::map<std::pair<std::string, int>, Reference> m;
        for (const char* scheme : {"rope", "nope"}) {
            for (int seed : {1, 2}) {
                m[{scheme, seed}] = trainReference(scheme, seed);
            }
        }
        return m;
    }();
    return runs;
}

// The inside view's model, trained here as the race's rope seed 1 of smallRace(): its attention
// on the first sequence of seed 1's evaluation stream and its per-pair norms (core/train/inside.h,
// checked against a long-double recomputation in tst_train_inside).
struct InsideReference {
    train::AttentionMaps attention;
    train::PairNorms norms;
    train::PairNorms initialNorms;
    double accuracy = 0;
};

InsideReference insideReference() {
    train::TrainOptions o;
    o.task.task = train::Task::OffsetCopy;
    o.task.vocab = 16;
    o.task.offset = 4;
    o.model.vocab = 16;
    o.model.layers = 1;
    o.model.dModel = 16;
    o.model.heads = 4;
    o.model.base = 10000;
    o.model.maxLength = 64;
    o.model.scheme = PositionScheme::Rope;
    o.length = 16;
    o.batch = 16;
    o.steps = 30;
    o.seed = 1;
    o.threads = 1;
    const train::TrainRun run = train::trainModel(o);
    std::mt19937_64 rng(train::streamSeed(1, train::kStreamEvaluation));
    const train::Batch b = train::makeBatch(o.task, 1, 16, rng);
    InsideReference r;
    r.attention = train::attentionMaps(run.model, b.tokens);
    r.norms = train::pairNorms(run.model);
    // The weights before training, drawn as trainModel() draws them (tasks.h streams).
    train::Transformer<float> start(o.model);
    start.initialize(train::streamSeed(1, train::kStreamWeights));
    r.initialNorms = train::pairNorms(start);
    r.accuracy = train::evaluate(run.model, o.task, 16, 32, 1, {}, 1).accuracy;
    return r;
}

FigureOptions smallInside() {
    FigureOptions o = smallRace();
    o.insert(QStringLiteral("view"), QStringLiteral("inside"));
    return o;
}

long double mean2(double a, double b) {
    return (static_cast<long double>(a) + b) / 2;
}

} // namespace

class TestTrainingLabFigure : public QObject {
    Q_OBJECT

private slots:
    void placeholderTrainsNothing_data();
    void placeholderTrainsNothing();
    void placeholderJobHandsRunsOn();
    void jobDrawsRememberedRunsOnce();
    void accuracyCurvesAreMeanAndBandOverSeeds_data();
    void accuracyCurvesAreMeanAndBandOverSeeds();
    void lossCurveIsTheMeanLoss();
    void accuracyByLengthIsHeldOutAccuracy();
    void stepsTo99ReadoutScansTheCurve();
    void sameInputsReuseEveryRun();
    void changedSchemesKeepTheirRuns();
    void cancelStopsWithinAStep();
    void composeDrawsAPartialResult();
    void refusesBadOptions();
    void insideViewDrawsTheTrainedHead();
    void insideViewReusesAndCancels();
    void insideViewRefusesAMissingLayer();
    void insideViewCountsOneModel();
    void lengthViewDrawsHeldOutAccuracy();
    void lengthViewFineTunedOnlyWhenAsked();
    void lengthViewReusesAndRefusesOverCap();
    void baseViewMarksBStarAndCriticalDimension();
};

void TestTrainingLabFigure::placeholderTrainsNothing_data() {
    QTest::addColumn<QVariantMap>("values");
    QTest::addColumn<QString>("note");
    QTest::newRow("defaults") << QVariantMap()
                              << QStringLiteral("Not trained yet.\nPress Train to race\n5 "
                                                "scheme(s) × 3 seed(s):\n15 runs of 150 steps,\n"
                                                "2250 training steps in all.");
    FigureOptions loss = smallRace();
    loss.insert(QStringLiteral("run"), false);
    loss.insert(QStringLiteral("curve"), QStringLiteral("loss"));
    QTest::newRow("small race, loss, run off")
        << static_cast<const QVariantMap&>(loss)
        << QStringLiteral("Not trained yet.\nPress Train to race\n2 scheme(s) × 2 seed(s):\n4 runs "
                          "of 30 steps,\n120 training steps in all.");
}

void TestTrainingLabFigure::placeholderTrainsNothing() {
    QFETCH(QVariantMap, values);
    QFETCH(QString, note);
    const FigureOptions options(values);
    const Figure& f = *findFigure("training-lab");
    // "run" is off by default: the figure, the job's compose and the job's run train nothing.
    const FigureData data = figureData(f, {}, options);
    QVERIFY(data.series.empty());
    QVERIFY(data.side.has_value());
    QVERIFY(data.side->series.empty());
    QVERIFY(data.readouts.empty());
    QCOMPARE(data.labels.size(), std::size_t{1});
    QCOMPARE(data.labels[0].text, note);
    // Centred in the empty frame: half the steps, mid-height of the y range.
    const double steps =
        withDefaults(trainingLabOptions(), options).value(QStringLiteral("steps")).toDouble();
    QCOMPARE(data.labels[0].x, 0.5 * steps);
    QVERIFY(data.yRange.has_value());
    QCOMPARE(data.labels[0].y, 0.5 * (data.yRange->first + data.yRange->second));
    QVERIFY(!data.title.contains(QStringLiteral("runs done")));

    // The job for these options trains nothing: no progress, no partial result, no run.
    std::atomic<bool> never{false};
    int progressCalls = 0;
    int partials = 0;
    const JobControl control(
        never, [&](double) { ++progressCalls; },
        [&](std::shared_ptr<const JobResult>) { ++partials; });
    const auto result = runJob(f, {}, options, control, nullptr);
    QVERIFY(result != nullptr);
    QVERIFY(result->complete);
    QCOMPARE(progressCalls, 0);
    QCOMPARE(partials, 0);
    const auto* lab = dynamic_cast<const TrainingLabResult*>(result.get());
    QVERIFY(lab != nullptr);
    QVERIFY(lab->runs.empty());
    const FigureData composed = composeFigure(f, {}, options, result.get());
    QVERIFY(composed.series.empty());
    QCOMPARE(composed.labels[0].text, note);
}

void TestTrainingLabFigure::placeholderJobHandsRunsOn() {
    const Figure& f = *findFigure("training-lab");
    FigureOptions race = smallRace();
    race.insert(QStringLiteral("schemes"), QStringLiteral("rope"));
    race.insert(QStringLiteral("seeds"), 1);
    FigureOptions off = race;
    off.insert(QStringLiteral("run"), false);
    // The panel's job result must change when "run" turns on, or Train would draw nothing new.
    QVERIFY(jobInputs(f, {}, race) != jobInputs(f, {}, off));
    const std::atomic<bool> never{false};
    const auto trained = runTrainingLab({}, withDefaults(trainingLabOptions(), race),
                                        JobControl(never), nullptr);
    QCOMPARE(trained->runs.size(), std::size_t{1});
    // Back to "press Train": the finished run is handed on, not drawn.
    const auto placeholder = runTrainingLab({}, withDefaults(trainingLabOptions(), off),
                                            JobControl(never), trained.get());
    QVERIFY(placeholder->complete);
    QCOMPARE(placeholder->runs.size(), std::size_t{1});
    QVERIFY(composeFigure(f, {}, off, placeholder.get()).series.empty());
    // Train again for the same race: the run comes back without training (a cancelled control
    // could not train it), complete.
    const std::atomic<bool> cancelled{true};
    const auto again = runTrainingLab({}, withDefaults(trainingLabOptions(), race),
                                      JobControl(cancelled), placeholder.get());
    QVERIFY(again->complete);
    QCOMPARE(again->runs.size(), std::size_t{1});
    QCOMPARE(again->runs[0].get(), trained->runs[0].get());
    QVERIFY(test::seriesById(composeFigure(f, {}, race, again.get()),
                             QStringLiteral("accuracy-rope-mean")) != nullptr);
}

void TestTrainingLabFigure::jobDrawsRememberedRunsOnce() {
    // A run trained once in the process (by the figure, as a slide trains it, or by a course
    // answer) is drawn by the panel's job without training: a cancelled control could train
    // nothing. A result handed on with "run" off holds it once, however often it is handed on.
    const Figure& f = *findFigure("training-lab");
    FigureOptions race = smallRace();
    race.insert(QStringLiteral("schemes"), QStringLiteral("rope"));
    race.insert(QStringLiteral("seeds"), 1);
    FigureOptions off = race;
    off.insert(QStringLiteral("run"), false);
    const std::atomic<bool> never{false};
    const std::atomic<bool> cancelled{true};
    forgetTrainingLabRuns();
    QVERIFY(runJob(f, {}, race, JobControl(cancelled), nullptr)->cancelled); // nothing kept
    QVERIFY(!figureData(f, {}, race).series.empty());
    const auto drawn = runJob(f, {}, race, JobControl(cancelled), nullptr);
    QVERIFY(drawn->complete && !drawn->cancelled);
    std::shared_ptr<const JobResult> last = drawn;
    for (int k = 0; k < 3; ++k) {
        last = runJob(f, {}, off, JobControl(never), last.get());
    }
    const auto* handedOn = dynamic_cast<const TrainingLabResult*>(last.get());
    QVERIFY(handedOn != nullptr);
    QCOMPARE(handedOn->runs.size(), std::size_t{1});
    forgetTrainingLabRuns();
}

void TestTrainingLabFigure::accuracyCurvesAreMeanAndBandOverSeeds_data() {
    QTest::addColumn<QString>("scheme");
    QTest::newRow("rope") << QStringLiteral("rope");
    QTest::newRow("nope") << QStringLiteral("nope");
}

void TestTrainingLabFigure::accuracyCurvesAreMeanAndBandOverSeeds() {
    QFETCH(QString, scheme);
    const FigureData data = figureData(*findFigure("training-lab"), {}, smallRace());
    const Series* lo = test::seriesById(data, QStringLiteral("accuracy-") + scheme + "-min");
    const Series* hi = test::seriesById(data, QStringLiteral("accuracy-") + scheme + "-max");
    const Series* mean = test::seriesById(data, QStringLiteral("accuracy-") + scheme + "-mean");
    QVERIFY(lo && hi && mean);
    QVERIFY(hi->fillToPrevious); // the band's upper edge closes on the lower one
    QVERIFY(mean->inLegend && !lo->inLegend && !hi->inLegend);
    const Reference& a = references().at({scheme.toStdString(), 1});
    const Reference& b = references().at({scheme.toStdString(), 2});
    QCOMPARE(mean->x.size(), std::size_t{30});
    for (std::size_t s = 0; s < 30; ++s) {
        QCOMPARE(mean->x[s], static_cast<double>(s + 1));
        const double ya = a.curve[s].accuracy;
        const double yb = b.curve[s].accuracy;
        QCOMPARE(lo->y[s], std::min(ya, yb));
        QCOMPARE(hi->y[s], std::max(ya, yb));
        QVERIFY(std::abs(mean->y[s] - static_cast<double>(mean2(ya, yb))) <= 1e-15);
    }
}

void TestTrainingLabFigure::lossCurveIsTheMeanLoss() {
    FigureOptions options = smallRace();
    options.insert(QStringLiteral("curve"), QStringLiteral("loss"));
    const FigureData data = figureData(*findFigure("training-lab"), {}, options);
    const Series* mean = test::seriesById(data, QStringLiteral("loss-rope-mean"));
    QVERIFY(mean != nullptr);
    QVERIFY(test::seriesById(data, QStringLiteral("accuracy-rope-mean")) == nullptr);
    const Reference& a = references().at({"rope", 1});
    const Reference& b = references().at({"rope", 2});
    for (std::size_t s = 0; s < 30; ++s) {
        QVERIFY(std::abs(mean->y[s] -
                         static_cast<double>(mean2(a.curve[s].loss, b.curve[s].loss))) <= 1e-15);
    }
    // Cross-entropy of a uniform guess over 16 tokens is ln 16 ≈ 2.77 nats; the first step of
    // an untrained model is near it.
    QVERIFY(std::abs(mean->y[0] - std::log(16.0)) < 0.5);
}

void TestTrainingLabFigure::accuracyByLengthIsHeldOutAccuracy() {
    const FigureData data = figureData(*findFigure("training-lab"), {}, smallRace());
    for (const char* scheme : {"rope", "nope"}) {
        const QString id = QStringLiteral("length-") + QLatin1String(scheme);
        const Series* lo = test::sideSeriesById(data, id + "-min");
        const Series* hi = test::sideSeriesById(data, id + "-max");
        const Series* mean = test::sideSeriesById(data, id + "-mean");
        QVERIFY(lo && hi && mean);
        QCOMPARE(mean->x, (std::vector<double>{16, 32, 48, 64}));
        const Reference& a = references().at({scheme, 1});
        const Reference& b = references().at({scheme, 2});
        for (std::size_t k = 0; k < 4; ++k) {
            QCOMPARE(lo->y[k], std::min(a.byLength[k], b.byLength[k]));
            QCOMPARE(hi->y[k], std::max(a.byLength[k], b.byLength[k]));
            QVERIFY(std::abs(mean->y[k] -
                             static_cast<double>(mean2(a.byLength[k], b.byLength[k]))) <= 1e-15);
        }
        const double at4L =
            test::readout(data, (std::string(scheme) == "rope" ? QStringLiteral("RoPE")
                                                               : QStringLiteral("NoPE")) +
                                    QStringLiteral(": accuracy at 4L"));
        QVERIFY(std::abs(at4L - static_cast<double>(mean2(a.byLength[3], b.byLength[3]))) <= 1e-15);
    }
}

void TestTrainingLabFigure::stepsTo99ReadoutScansTheCurve() {
    // Two layers and 120 steps: RoPE reaches 99 % on offset-copy at this size (seed 1: step
    // 106, as `rope-cli train --layers 2 --d-model 16 --length 16 --batch 16 --steps 120` says),
    // NoPE never; the readout must agree with a scan of the plotted curve either way.
    FigureOptions options = smallRace();
    options.insert(QStringLiteral("steps"), 120);
    options.insert(QStringLiteral("seeds"), 1);
    options.insert(QStringLiteral("layers"), 2);
    const FigureData data = figureData(*findFigure("training-lab"), {}, options);
    const Series* rope = test::seriesById(data, QStringLiteral("accuracy-rope-mean"));
    const Series* nope = test::seriesById(data, QStringLiteral("accuracy-nope-mean"));
    QVERIFY(rope && nope);
    const auto firstAbove = [](const Series& s) {
        for (std::size_t i = 0; i < s.y.size(); ++i) {
            if (s.y[i] >= 0.99) {
                return s.x[i];
            }
        }
        return -1.0;
    };
    QCOMPARE(test::readout(data, QStringLiteral("RoPE: steps to 99 %")), firstAbove(*rope));
    QCOMPARE(test::readout(data, QStringLiteral("NoPE: steps to 99 %")), firstAbove(*nope));
    QVERIFY(firstAbove(*rope) > 0);
    QCOMPARE(firstAbove(*nope), -1.0);
}

void TestTrainingLabFigure::sameInputsReuseEveryRun() {
    const std::atomic<bool> never{false};
    const auto first = runTrainingLab({}, withDefaults(trainingLabOptions(), smallRace()),
                                      JobControl(never), nullptr);
    QVERIFY(first->complete);
    QCOMPARE(first->runs.size(), std::size_t{4});
    // Cancelled from the start: nothing can be trained, so a complete result proves reuse.
    const std::atomic<bool> cancelled{true};
    const auto again = runTrainingLab({}, withDefaults(trainingLabOptions(), smallRace()),
                                      JobControl(cancelled), first.get());
    QVERIFY(again->complete);
    QVERIFY(!again->cancelled);
    QCOMPARE(again->runs.size(), std::size_t{4});
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(again->runs[i].get(), first->runs[i].get());
    }
    // Only "curve" changed: the job's inputs are equal, so the panel keeps its result.
    FigureOptions loss = smallRace();
    loss.insert(QStringLiteral("curve"), QStringLiteral("loss"));
    const Figure& f = *findFigure("training-lab");
    QCOMPARE(jobInputs(f, {}, loss), jobInputs(f, {}, smallRace()));
}

void TestTrainingLabFigure::changedSchemesKeepTheirRuns() {
    const std::atomic<bool> never{false};
    FigureOptions ropeOnly = smallRace();
    ropeOnly.insert(QStringLiteral("schemes"), QStringLiteral("rope"));
    ropeOnly.insert(QStringLiteral("seeds"), 1);
    const auto first = runTrainingLab({}, withDefaults(trainingLabOptions(), ropeOnly),
                                      JobControl(never), nullptr);
    QCOMPARE(first->runs.size(), std::size_t{1});
    FigureOptions both = ropeOnly;
    both.insert(QStringLiteral("schemes"), QStringLiteral("rope,nope"));
    const std::atomic<bool> cancelled{true};
    const auto next = runTrainingLab({}, withDefaults(trainingLabOptions(), both),
                                     JobControl(cancelled), first.get());
    QVERIFY(next->cancelled);
    QVERIFY(!next->complete);
    QCOMPARE(next->runs.size(), std::size_t{1});
    QCOMPARE(next->runs[0].get(), first->runs[0].get());
    // A changed step count changes every run's key: nothing is reused.
    FigureOptions longer = ropeOnly;
    longer.insert(QStringLiteral("steps"), 31);
    const auto other = runTrainingLab({}, withDefaults(trainingLabOptions(), longer),
                                      JobControl(cancelled), first.get());
    QVERIFY(other->runs.empty());
    QVERIFY(other->cancelled);
}

void TestTrainingLabFigure::cancelStopsWithinAStep() {
    std::atomic<bool> cancel{false};
    int progressCalls = 0;
    const JobControl control(cancel, [&](double fraction) {
        ++progressCalls;
        if (fraction > 0) {
            cancel.store(true);
        }
    });
    const auto result =
        runTrainingLab({}, withDefaults(trainingLabOptions(), smallRace()), control, nullptr);
    QVERIFY(result->cancelled);
    QVERIFY(!result->complete);
    QVERIFY(result->runs.empty());
    QVERIFY(result->current != nullptr);
    // The flag was set after step 1; trainModel checks it before every step.
    QVERIFY(result->current->curve.size() <= 2);
    QVERIFY(progressCalls >= 1);
}

void TestTrainingLabFigure::composeDrawsAPartialResult() {
    std::vector<std::shared_ptr<const JobResult>> partials;
    const std::atomic<bool> never{false};
    const JobControl control(
        never, {}, [&](std::shared_ptr<const JobResult> r) { partials.push_back(std::move(r)); });
    const FigureOptions options = withDefaults(trainingLabOptions(), smallRace());
    const auto full = runTrainingLab({}, options, control, nullptr);
    // At least one partial per finished run, published as the run ends (no run in training).
    QVERIFY(partials.size() >= 4);
    const TrainingLabResult* firstDone = nullptr;
    for (const auto& p : partials) {
        const auto* r = dynamic_cast<const TrainingLabResult*>(p.get());
        QVERIFY(r != nullptr);
        if (r->current == nullptr) {
            firstDone = r;
            break;
        }
    }
    QVERIFY(firstDone != nullptr);
    QVERIFY(!firstDone->complete);
    QCOMPARE(firstDone->runs.size(), std::size_t{1});
    const Figure& f = *findFigure("training-lab");
    const FigureData data = composeFigure(f, {}, options, firstDone);
    const Series* rope = test::seriesById(data, QStringLiteral("accuracy-rope-mean"));
    QVERIFY(rope != nullptr);
    const Reference& a = references().at({"rope", 1});
    for (std::size_t s = 0; s < 30; ++s) {
        QCOMPARE(rope->y[s], a.curve[s].accuracy); // one seed: mean = min = max = that run
    }
    QVERIFY(test::seriesById(data, QStringLiteral("accuracy-nope-mean")) == nullptr);
    QVERIFY(test::sideSeriesById(data, QStringLiteral("length-nope-mean")) == nullptr);
    QVERIFY(data.title.contains(QStringLiteral("1 of 4 runs done")));
    // Nothing yet: empty axes and a note, no series.
    const FigureData empty = composeFigure(f, {}, options, nullptr);
    QVERIFY(empty.series.empty());
    QCOMPARE(empty.labels.size(), std::size_t{1});
    // A result for other inputs draws nothing of theirs.
    FigureOptions other = options;
    other.insert(QStringLiteral("base"), 500.0);
    QVERIFY(composeFigure(f, {}, other, full.get()).series.empty());
}

void TestTrainingLabFigure::refusesBadOptions() {
    const OptionSpec* schemes = findOption(trainingLabOptions(), QStringLiteral("schemes"));
    QVERIFY(schemes != nullptr);
    for (const char* bad : {"rope,rope", "", " , ", "rope,none", "rope,foo"}) {
        QVERIFY_THROWS_EXCEPTION(OptionError, checkOptionValue(*schemes, QString::fromLatin1(bad)));
    }
    QCOMPARE(checkOptionValue(*schemes, QStringLiteral("rope, alibi")).toString(),
             QStringLiteral("rope, alibi"));
    // Over `rope-cli train`'s work cap (4·128²·128·16·5000·10·7 ≈ 9.4e12 > 5e11).
    const FigureOptions huge = {
        {QStringLiteral("schemes"), QStringLiteral("rope,learned,sinusoidal,nope,alibi,t5,p-rope")},
        {QStringLiteral("seeds"), 10},
        {QStringLiteral("steps"), 5000},
        {QStringLiteral("length"), 128},
        {QStringLiteral("d-model"), QStringLiteral("128")},
        {QStringLiteral("layers"), 4}};
    try {
        (void)trainingLabSetup(withDefaults(trainingLabOptions(), huge));
        QFAIL("the work cap was not enforced");
    } catch (const InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("steps"));
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("limit")));
    }
}

void TestTrainingLabFigure::insideViewDrawsTheTrainedHead() {
    const std::atomic<bool> never{false};
    FigureOptions options = withDefaults(trainingLabOptions(), smallInside());
    options.insert(QStringLiteral("head"), 2);
    const auto result = runTrainingLab({}, options, JobControl(never), nullptr);
    QVERIFY(result->complete);
    QVERIFY(result->runs.empty()); // the inside view trains no race
    QVERIFY(result->inside && result->inside->trained);
    const Figure& f = *findFigure("training-lab");
    const FigureData data = composeFigure(f, {}, options, result.get());
    const InsideReference want = insideReference();
    // The colour map: row i = query i, column j = key j, blank (NaN) where j > i.
    QVERIFY(data.colourMap.has_value());
    const ColourMap& map = *data.colourMap;
    QCOMPARE(map.rows, 16);
    QCOMPARE(map.columns, 16);
    const Eigen::MatrixXd& a = want.attention.maps[0][2];
    std::vector<int> votes(16, 0);
    for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) {
            const double got = map.values[static_cast<std::size_t>(i * 16 + j)];
            if (j > i) {
                QVERIFY(std::isnan(got));
            } else {
                QCOMPARE(got, a(i, j));
            }
        }
        Eigen::Index best = 0;
        a.row(i).head(i + 1).maxCoeff(&best);
        ++votes[static_cast<std::size_t>(i - best)];
    }
    // The modal offset readout, counted here from the reference's rows.
    const auto modal = std::max_element(votes.begin(), votes.end()) - votes.begin();
    const Readout* offset = nullptr;
    const Readout* accuracy = nullptr;
    for (const Readout& r : data.readouts) {
        if (r.label == QStringLiteral("most attended offset i − j")) {
            offset = &r;
        }
        if (r.label == QStringLiteral("held-out accuracy at L")) {
            accuracy = &r;
        }
    }
    QVERIFY(offset != nullptr && accuracy != nullptr);
    QCOMPARE(offset->value, static_cast<double>(modal));
    QCOMPARE(accuracy->value, want.accuracy);
    // The side plot: this head's ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ and the mean over the 4 heads (long double).
    const Series* head = test::sideSeriesById(data, QStringLiteral("pair-norms-head"));
    const Series* mean = test::sideSeriesById(data, QStringLiteral("pair-norms-mean"));
    const Series* before = test::sideSeriesById(data, QStringLiteral("pair-norms-mean-initial"));
    QVERIFY(head != nullptr && mean != nullptr && before != nullptr);
    QCOMPARE(before->y.size(), std::size_t{2});
    QCOMPARE(head->y.size(), std::size_t{2}); // head width 4: 2 rotary pairs
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(head->y[static_cast<std::size_t>(i)],
                 want.norms.q[0][2][static_cast<std::size_t>(i)] *
                     want.norms.k[0][2][static_cast<std::size_t>(i)]);
        long double sum = 0;
        for (int h = 0; h < 4; ++h) {
            sum += static_cast<long double>(want.norms.q[0][static_cast<std::size_t>(h)]
                                                        [static_cast<std::size_t>(i)]) *
                   want.norms.k[0][static_cast<std::size_t>(h)][static_cast<std::size_t>(i)];
        }
        QVERIFY(test::close(mean->y[static_cast<std::size_t>(i)], static_cast<double>(sum / 4),
                            1e-14));
        long double sumBefore = 0;
        for (int h = 0; h < 4; ++h) {
            sumBefore += static_cast<long double>(
                             want.initialNorms.q[0][static_cast<std::size_t>(h)]
                                                [static_cast<std::size_t>(i)]) *
                         want.initialNorms.k[0][static_cast<std::size_t>(h)]
                                           [static_cast<std::size_t>(i)];
        }
        QVERIFY(test::close(before->y[static_cast<std::size_t>(i)],
                            static_cast<double>(sumBefore / 4), 1e-14));
        // Training moved them: the trained and initial profiles differ.
        QVERIFY(before->y[static_cast<std::size_t>(i)] != mean->y[static_cast<std::size_t>(i)]);
    }
    // The race view of the same result draws no race (none trained) but keeps the model.
    FigureOptions race = options;
    race.insert(QStringLiteral("view"), QStringLiteral("race"));
    QVERIFY(!composeFigure(f, {}, race, result.get()).colourMap.has_value());
}

void TestTrainingLabFigure::insideViewReusesAndCancels() {
    const std::atomic<bool> never{false};
    const FigureOptions options = withDefaults(trainingLabOptions(), smallInside());
    std::vector<std::shared_ptr<const JobResult>> partials;
    const JobControl control(
        never, {}, [&](std::shared_ptr<const JobResult> r) { partials.push_back(std::move(r)); });
    const auto first = runTrainingLab({}, options, control, nullptr);
    QVERIFY(first->inside && first->inside->trained);
    // Every partial is an untrained model whose curve is a prefix of the final one.
    for (const auto& p : partials) {
        const auto* r = dynamic_cast<const TrainingLabResult*>(p.get());
        QVERIFY(r != nullptr && !r->complete && r->inside && !r->inside->trained);
        QVERIFY(r->inside->curve.size() <= first->inside->curve.size());
    }
    // Cancelled from the start: the same inputs reuse the trained model (complete result).
    const std::atomic<bool> cancelled{true};
    const auto again = runTrainingLab({}, options, JobControl(cancelled), first.get());
    QVERIFY(again->complete);
    QCOMPARE(again->inside.get(), first->inside.get());
    // "layer"/"head" only redraw: the job's inputs are equal.
    FigureOptions otherHead = options;
    otherHead.insert(QStringLiteral("head"), 3);
    const Figure& f = *findFigure("training-lab");
    QCOMPARE(jobInputs(f, {}, otherHead), jobInputs(f, {}, options));
    // Another base: a new model, cancelled before its first step.
    FigureOptions otherBase = options;
    otherBase.insert(QStringLiteral("base"), 100.0);
    const auto stopped = runTrainingLab({}, otherBase, JobControl(cancelled), first.get());
    QVERIFY(stopped->cancelled);
    QVERIFY(!stopped->complete);
    QVERIFY(!stopped->inside->trained);
    QVERIFY(stopped->inside->curve.empty());
    // Its figure says it is not trained and draws no map.
    const FigureData data = composeFigure(f, {}, otherBase, stopped.get());
    QVERIFY(!data.colourMap.has_value());
    QCOMPARE(data.labels.size(), std::size_t{1});
}

void TestTrainingLabFigure::insideViewRefusesAMissingLayer() {
    FigureOptions options = withDefaults(trainingLabOptions(), smallInside());
    options.insert(QStringLiteral("layer"), 1); // smallRace() has one layer: only layer 0
    const Figure& f = *findFigure("training-lab");
    try {
        (void)composeFigure(f, {}, options, nullptr);
        QFAIL("layer 1 of a one-layer model was drawn");
    } catch (const InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("layer"));
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("1 layer(s)")));
    }
    // The option table itself refuses a head past the 4 heads.
    const OptionSpec* head = findOption(trainingLabOptions(), QStringLiteral("head"));
    QVERIFY(head != nullptr);
    QVERIFY_THROWS_EXCEPTION(OptionError, checkOptionValue(*head, 4));
}

namespace {

// A model of smallRace() trained here with core/train alone (the panel's documented settings:
// offset-copy k = 4, vocab 16, 4 heads, batch 16, one layer of d_model 16, L = 16, a table of
// 64 rows), for the length and base views' expectations.
train::TrainRun trainSmall(std::uint64_t seed, double base, int steps) {
    train::TrainOptions o;
    o.task.task = train::Task::OffsetCopy;
    o.task.vocab = 16;
    o.task.offset = 4;
    o.model.vocab = 16;
    o.model.layers = 1;
    o.model.dModel = 16;
    o.model.heads = 4;
    o.model.base = base;
    o.model.maxLength = 64;
    o.model.scheme = PositionScheme::Rope;
    o.length = 16;
    o.batch = 16;
    o.steps = steps;
    o.seed = seed;
    o.threads = 1;
    return train::trainModel(o);
}

const Series* seriesById(const std::vector<Series>& series, const QString& id) {
    for (const Series& s : series) {
        if (s.id == id) {
            return &s;
        }
    }
    return nullptr;
}

FigureOptions smallLength() {
    FigureOptions o = smallRace();
    o.insert(QStringLiteral("view"), QStringLiteral("length"));
    return o;
}

} // namespace

void TestTrainingLabFigure::insideViewCountsOneModel() {
    // The race of 7 schemes × 10 seeds at 4 layers, d_model 128, L = 128, 2000 steps is
    // 4·128²·128·16·2000·70 ≈ 1.9e13 > 5e11; the inside view trains one of those models,
    // 4·128²·128·16·2000 ≈ 2.7e11 ≤ 5e11, and is accepted.
    FigureOptions huge = {
        {QStringLiteral("schemes"), QStringLiteral("rope,learned,sinusoidal,nope,alibi,t5,p-rope")},
        {QStringLiteral("seeds"), 10},
        {QStringLiteral("steps"), 2000},
        {QStringLiteral("length"), 128},
        {QStringLiteral("d-model"), QStringLiteral("128")},
        {QStringLiteral("layers"), 4},
        {QStringLiteral("view"), QStringLiteral("inside")}};
    const TrainingLabSetup setup = trainingLabSetup(withDefaults(trainingLabOptions(), huge));
    QCOMPARE(setup.train.steps, 2000);
    huge.insert(QStringLiteral("view"), QStringLiteral("race"));
    QVERIFY_THROWS_EXCEPTION(InvalidParameter,
                             trainingLabSetup(withDefaults(trainingLabOptions(), huge)));
}

void TestTrainingLabFigure::lengthViewDrawsHeldOutAccuracy() {
    forgetTrainingLabRuns();
    const std::atomic<bool> never{false};
    const FigureOptions options = withDefaults(trainingLabOptions(), smallLength());
    const auto result = runTrainingLab({}, options, JobControl(never), nullptr);
    QVERIFY(result->complete);
    QVERIFY(result->length && result->length->finished);
    const Figure& f = *findFigure("training-lab");
    const FigureData data = composeFigure(f, {}, options, result.get());
    // The test lengths asked for: ½L … 4L of L = 16.
    const std::vector<double> lengths = {8, 16, 32, 48, 64};
    // Expected: the same models trained here, tested on seed S's held-out stream, 32 sequences.
    const train::TrainRun runs[2] = {trainSmall(1, 10000, 30), trainSmall(2, 10000, 30)};
    train::TaskParams task;
    task.task = train::Task::OffsetCopy;
    task.vocab = 16;
    task.offset = 4;
    const Series* rope = seriesById(data.series, QStringLiteral("length-rope-mean"));
    const Series* nope = seriesById(data.series, QStringLiteral("length-nope-mean"));
    QVERIFY(rope != nullptr && nope != nullptr);
    QCOMPARE(rope->x, lengths);
    QCOMPARE(nope->x, lengths);
    for (std::size_t k = 0; k < lengths.size(); ++k) {
        const int t = static_cast<int>(lengths[k]);
        const double a1 = train::evaluate(runs[0].model, task, t, 32, 1, {}, 1).accuracy;
        const double a2 = train::evaluate(runs[1].model, task, t, 32, 2, {}, 1).accuracy;
        QCOMPARE(rope->y[k], static_cast<double>(mean2(a1, a2)));
        QVERIFY(nope->y[k] >= 0.0 && nope->y[k] <= 1.0);
    }
    // RoPE with PI at test time: θ/s with s = max(1, T/L) (ScalingParams written out here).
    QVERIFY(data.side.has_value());
    const Series* pi = seriesById(data.side->series, QStringLiteral("scaled-linear-mean"));
    QVERIFY(pi != nullptr);
    QCOMPARE(pi->x, lengths);
    for (std::size_t k = 0; k < lengths.size(); ++k) {
        const int t = static_cast<int>(lengths[k]);
        ScalingParams scaling;
        scaling.method = rope::ScalingKind::Linear;
        scaling.factor = std::max(1.0, t / 16.0);
        scaling.originalContext = 16;
        scaling.seqLen = t;
        const double a1 = train::evaluate(runs[0].model, task, t, 32, 1, scaling, 1).accuracy;
        const double a2 = train::evaluate(runs[1].model, task, t, 32, 2, scaling, 1).accuracy;
        QCOMPARE(pi->y[k], static_cast<double>(mean2(a1, a2)));
    }
    // Every method is drawn, each with its band, and all accuracies are in [0, 1].
    for (const char* m : {"ntk", "dynamic", "yarn"}) {
        const Series* s = seriesById(data.side->series, QStringLiteral("scaled-%1-mean").arg(m));
        QVERIFY2(s != nullptr, m);
        QCOMPARE(s->x, lengths);
        for (double y : s->y) {
            QVERIFY(y >= 0.0 && y <= 1.0);
        }
        QVERIFY(seriesById(data.side->series, QStringLiteral("scaled-%1-min").arg(m)) != nullptr);
    }
    // Readouts: one per scheme and per method, each naming 2L and 4L.
    QCOMPARE(data.readouts.size(), std::size_t{2 + 4});
    for (const Readout& r : data.readouts) {
        QVERIFY2(r.text.contains(QStringLiteral("at 4L")), qPrintable(r.text));
    }
    QVERIFY(!data.title.contains(QStringLiteral("models done")));
}

void TestTrainingLabFigure::lengthViewFineTunedOnlyWhenAsked() {
    const std::atomic<bool> never{false};
    FigureOptions options = smallLength();
    options.insert(QStringLiteral("schemes"), QStringLiteral("rope"));
    options.insert(QStringLiteral("seeds"), 1);
    const FigureOptions plain = withDefaults(trainingLabOptions(), options);
    const Figure& f = *findFigure("training-lab");
    const auto r0 = runTrainingLab({}, plain, JobControl(never), nullptr);
    const FigureData d0 = composeFigure(f, {}, plain, r0.get());
    QVERIFY(d0.side.has_value());
    QVERIFY(seriesById(d0.side->series, QStringLiteral("fine-tuned-linear-mean")) == nullptr);
    QVERIFY(seriesById(d0.side->series, QStringLiteral("fine-tuned-default-mean")) == nullptr);
    options.insert(QStringLiteral("finetune-steps"), 3);
    const FigureOptions tuned = withDefaults(trainingLabOptions(), options);
    QVERIFY(jobInputs(f, {}, tuned) != jobInputs(f, {}, plain));
    std::vector<std::shared_ptr<const JobResult>> partials;
    const JobControl control(
        never, {}, [&](std::shared_ptr<const JobResult> r) { partials.push_back(std::move(r)); });
    const auto r1 = runTrainingLab({}, tuned, control, r0.get());
    // A partial result after the trained model and after each of its five fine-tunes.
    QCOMPARE(partials.size(), std::size_t{6});
    const FigureData d1 = composeFigure(f, {}, tuned, r1.get());
    const Series* ft = seriesById(d1.side->series, QStringLiteral("fine-tuned-linear-mean"));
    const Series* control2 = seriesById(d1.side->series, QStringLiteral("fine-tuned-default-mean"));
    QVERIFY(ft != nullptr && control2 != nullptr);
    QVERIFY(ft->dashed);
    QCOMPARE(ft->x, (std::vector<double>{8, 16, 32, 48, 64}));
    // Expected: the model of seed 1 continued 3 steps at 2L = 32 with PI at s = 2 (core's
    // fineTune(), tested in tst_train_experiments), then tested with s = 2 at every length.
    const train::TrainRun run = trainSmall(1, 10000, 30);
    train::TrainOptions o;
    o.task.task = train::Task::OffsetCopy;
    o.task.vocab = 16;
    o.task.offset = 4;
    o.model = run.model.config();
    o.length = 32;
    o.batch = 16;
    o.steps = 3;
    o.seed = 1;
    o.threads = 1;
    ScalingParams pi;
    pi.method = rope::ScalingKind::Linear;
    pi.factor = 2;
    pi.originalContext = 16;
    pi.seqLen = 32;
    const train::TrainRun tunedRun = train::fineTune(run.model, o, pi);
    for (std::size_t k = 0; k < ft->x.size(); ++k) {
        const int t = static_cast<int>(ft->x[k]);
        ScalingParams at = pi;
        at.seqLen = t;
        QCOMPARE(ft->y[k], train::evaluate(tunedRun.model, o.task, t, 32, 1, at, 1).accuracy);
    }
    // Readouts add every fine-tuned method and the unscaled control.
    QCOMPARE(d1.readouts.size(), d0.readouts.size() + 5);
}

void TestTrainingLabFigure::lengthViewReusesAndRefusesOverCap() {
    const std::atomic<bool> never{false};
    const std::atomic<bool> cancelled{true};
    const FigureOptions options = withDefaults(trainingLabOptions(), smallLength());
    const auto first = runTrainingLab({}, options, JobControl(never), nullptr);
    QVERIFY(first->complete && first->length);
    // The same inputs, cancelled from the start: the finished experiment is handed on.
    const auto again = runTrainingLab({}, options, JobControl(cancelled), first.get());
    QVERIFY(again->complete);
    QCOMPARE(again->length.get(), first->length.get());
    // Another base, cancelled: nothing finished, the figure says so.
    FigureOptions other = options;
    other.insert(QStringLiteral("base"), 100.0);
    const auto stopped = runTrainingLab({}, other, JobControl(cancelled), first.get());
    QVERIFY(stopped->cancelled && !stopped->complete);
    const FigureData data = composeFigure(*findFigure("training-lab"), {}, other, stopped.get());
    QVERIFY(seriesById(data.series, QStringLiteral("length-rope-mean")) == nullptr);
    // Over the panel's cap: 7 schemes × 10 seeds at 4 layers, d_model 128, L = 128, 5000 steps.
    const FigureOptions huge = {
        {QStringLiteral("view"), QStringLiteral("length")},
        {QStringLiteral("schemes"), QStringLiteral("rope,learned,sinusoidal,nope,alibi,t5,p-rope")},
        {QStringLiteral("seeds"), 10},
        {QStringLiteral("steps"), 5000},
        {QStringLiteral("length"), 128},
        {QStringLiteral("d-model"), QStringLiteral("128")},
        {QStringLiteral("layers"), 4}};
    try {
        (void)trainingLabLengthOptions(withDefaults(trainingLabOptions(), huge));
        QFAIL("the length view's work cap was not enforced");
    } catch (const InvalidParameter& e) {
        QCOMPARE(e.parameter(), std::string("steps"));
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("panel's limit")));
    }
}

void TestTrainingLabFigure::baseViewMarksBStarAndCriticalDimension() {
    const std::atomic<bool> never{false};
    FigureOptions options = smallRace();
    options.insert(QStringLiteral("view"), QStringLiteral("base"));
    options.insert(QStringLiteral("seeds"), 1);
    options.insert(QStringLiteral("steps"), 10);
    options = withDefaults(trainingLabOptions(), options);
    const Figure& f = *findFigure("training-lab");
    // Before training, the bounds are already drawn; head dimension 16/4 = 4, L = 16, 4L = 64.
    const MinimalBase atL = minimalBase(16, 4);
    const MinimalBase at4L = minimalBase(64, 4);
    QVERIFY(atL.found && at4L.found);
    FigureOptions off = options;
    off.insert(QStringLiteral("run"), false);
    const FigureData empty = composeFigure(f, {}, off, nullptr);
    const Series* line = seriesById(empty.series, QStringLiteral("b-star-test"));
    QVERIFY(line != nullptr);
    QCOMPARE(line->x[0], at4L.base);
    QVERIFY(empty.logX);

    const auto result = runTrainingLab({}, options, JobControl(never), nullptr);
    QVERIFY(result->complete && result->base && result->base->finished);
    const FigureData data = composeFigure(f, {}, options, result.get());
    const Series* test = seriesById(data.series, QStringLiteral("b-star-test"));
    const Series* train = seriesById(data.series, QStringLiteral("b-star-train"));
    QVERIFY(test != nullptr && train != nullptr);
    QCOMPARE(test->x, (std::vector<double>{at4L.base, at4L.base}));
    QCOMPARE(train->x, (std::vector<double>{atL.base, atL.base}));
    // The critical dimension is the whole head (4) just below the marked base and less just
    // above it (Liu et al.'s formula, research_rules.h).
    const Series* full = seriesById(data.series, QStringLiteral("critical-dimension-full"));
    QVERIFY(full != nullptr);
    QCOMPARE(criticalDimension(4, full->x[0] * (1 - 1e-9), 16), 4);
    QVERIFY(criticalDimension(4, full->x[0] * (1 + 1e-9), 16) < 4);
    // Accuracy at 4L against the six bases 10 … 10⁶; at b = 10⁴ the race's model of 10 steps.
    const Series* acc = seriesById(data.series, QStringLiteral("accuracy-test-mean"));
    QVERIFY(acc != nullptr);
    QCOMPARE(acc->x.size(), std::size_t{6});
    for (std::size_t k = 0; k < 6; ++k) {
        QVERIFY(std::abs(acc->x[k] / std::pow(10.0, k + 1.0) - 1) < 1e-12);
        QVERIFY(acc->y[k] >= 0.0 && acc->y[k] <= 1.0);
    }
    train::TaskParams task;
    task.task = train::Task::OffsetCopy;
    task.vocab = 16;
    task.offset = 4;
    const train::TrainRun run = trainSmall(1, acc->x[3], 10);
    QCOMPARE(acc->y[3], train::evaluate(run.model, task, 64, 32, 1, {}, 1).accuracy);
    // The verdict readout names the comparison across b*.
    const auto verdict =
        std::find_if(data.readouts.begin(), data.readouts.end(), [](const Readout& r) {
            return r.label.contains(QStringLiteral("as the bound says"));
        });
    QVERIFY(verdict != data.readouts.end());
    QVERIFY(!verdict->text.isEmpty());
}

QTEST_MAIN(TestTrainingLabFigure)
#include "tst_training_lab_figure.moc"
