// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "training-lab": what the race view plots. Every expected curve comes from runs this
// test trains itself with core/train (the trainer's gradients and determinism are checked in
// tst_train), aggregated here in long double: the panel's mean and min–max band over seeds, its
// held-out accuracy by length, its steps-to-99 % readout, the reuse of finished runs and the
// job's cancel and partial results.
#include "figures/training_lab.h"
#include "figures/training_lab_memo.h"

#include "core/position_schemes.h"
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

QTEST_MAIN(TestTrainingLabFigure)
#include "tst_training_lab_figure.moc"
