// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/train/experiments.h"
#include "core/train/tasks.h"
#include "core/train/trainer.h"
#include "core/train/transformer.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <cstring>

// Expected values come from outside the code under test: the aggregates from hand-made curves
// whose mean, minimum and maximum are worked out in the comments; determinism from bitwise
// comparison of runs at one and two threads; the fine-tune's first loss from a separate forward
// pass over the batch the fine-tune stream draws first; the scaled θ from the closed form of
// position interpolation (θ_i/s, θ_i = b^(−2i/r), in long double).
using namespace rope::train;
using rope::ScalingParams;
using rope::test::throwsNaming;

namespace {

TrainOptions tinyOptions() {
    TrainOptions o;
    o.model.vocab = 8;
    o.model.layers = 1;
    o.model.dModel = 16;
    o.model.heads = 2;
    o.model.maxLength = 32;
    o.task.vocab = 8;
    o.task.offset = 2;
    o.length = 8;
    o.batch = 4;
    o.steps = 3;
    o.threads = 1;
    return o;
}

std::vector<CurvePoint> curve(std::initializer_list<std::pair<double, double>> points) {
    std::vector<CurvePoint> out;
    int step = 1;
    for (const auto& [loss, accuracy] : points) {
        out.push_back({step++, loss, accuracy});
    }
    return out;
}

bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestTrainExperiments : public QObject {
    Q_OBJECT

private slots:
    void aggregateMeanMinMax() {
        // Three seeds, three steps. Step 1 losses 3, 2, 1 → mean 2, min 1, max 3; accuracies
        // 0.1, 0.4, 0.4 → mean 0.3. Step 3 accuracies 0.99, 0.5, 1.0 → mean 2.49/3 = 0.83.
        // Steps to 0.99: seed 0 at 3, seed 1 never, seed 2 at 2 → two reached, mean 2.5, 2 … 3.
        const std::vector<std::vector<CurvePoint>> curves = {
            curve({{3.0, 0.1}, {2.0, 0.5}, {1.0, 0.99}}),
            curve({{2.0, 0.4}, {2.0, 0.45}, {1.5, 0.5}}),
            curve({{1.0, 0.4}, {0.5, 0.995}, {0.25, 1.0}}),
        };
        const SchemeCurves a = aggregateCurves(rope::PositionScheme::Rope, curves, 0.99);
        QCOMPARE(a.seeds, 3);
        QCOMPARE(a.steps, (std::vector<int>{1, 2, 3}));
        QCOMPARE(a.loss[0].mean, 2.0);
        QCOMPARE(a.loss[0].min, 1.0);
        QCOMPARE(a.loss[0].max, 3.0);
        QVERIFY(std::abs(a.accuracy[0].mean - 0.3) < 1e-15);
        QCOMPARE(a.accuracy[2].min, 0.5);
        QCOMPARE(a.accuracy[2].max, 1.0);
        QVERIFY(std::abs(a.accuracy[2].mean - 2.49 / 3.0) < 1e-15);
        QCOMPARE(a.loss[2].mean, (1.0 + 1.5 + 0.25) / 3.0);
        QCOMPARE(a.reached, 2);
        QCOMPARE(a.stepsToTarget.mean, 2.5);
        QCOMPARE(a.stepsToTarget.min, 2.0);
        QCOMPARE(a.stepsToTarget.max, 3.0);
    }

    void aggregateStopsAtTheShortestCurve() {
        // A cancelled seed has fewer steps: only the steps every seed has are aggregated.
        const std::vector<std::vector<CurvePoint>> curves = {
            curve({{1.0, 0.2}, {0.8, 0.3}, {0.6, 0.4}}),
            curve({{3.0, 0.0}}),
        };
        const SchemeCurves a = aggregateCurves(rope::PositionScheme::Alibi, curves, 0.99);
        QCOMPARE(a.steps, (std::vector<int>{1}));
        QCOMPARE(a.loss[0].mean, 2.0);
        QCOMPARE(a.accuracy[0].mean, 0.1);
        QCOMPARE(a.reached, 0);
        QVERIFY(std::isnan(a.stepsToTarget.mean));
        const SchemeCurves none = aggregateCurves(rope::PositionScheme::Alibi, {}, 0.99);
        QCOMPARE(none.seeds, 0);
        QVERIFY(none.steps.empty());
    }

    void raceAggregatesItsRuns() {
        RaceOptions o;
        o.train = tinyOptions();
        o.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Nope};
        o.seeds = 2;
        int partials = 0;
        const RaceResult r = runRace(o, nullptr, [&](const RaceResult&) { ++partials; });
        QCOMPARE(partials, 4);
        QVERIFY(!r.cancelled);
        QCOMPARE(r.runs.size(), std::size_t(4));
        QCOMPARE(r.schemes.size(), std::size_t(2));
        // Seeds 1 and 2 of each scheme, in order; the aggregate's step-1 mean is the two runs'.
        QCOMPARE(r.runs[1].seed, std::uint64_t(2));
        QCOMPARE(r.runs[2].scheme, rope::PositionScheme::Nope);
        const double expected = (r.runs[0].curve[0].loss + r.runs[1].curve[0].loss) / 2.0;
        QCOMPARE(r.schemes[0].loss[0].mean, expected);
        QCOMPARE(r.schemes[0].seeds, 2);
    }

    void experimentsAreDeterministicAtAnyThreadCount() {
        RaceOptions race;
        race.train = tinyOptions();
        race.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Learned};
        race.seeds = 2;
        race.train.threads = 1;
        const RaceResult one = runRace(race);
        race.train.threads = 2;
        const RaceResult two = runRace(race);
        QCOMPARE(one.runs.size(), two.runs.size());
        for (std::size_t k = 0; k < one.runs.size(); ++k) {
            for (std::size_t s = 0; s < one.runs[k].curve.size(); ++s) {
                QVERIFY(sameBits(one.runs[k].curve[s].loss, two.runs[k].curve[s].loss));
                QVERIFY(sameBits(one.runs[k].curve[s].accuracy, two.runs[k].curve[s].accuracy));
            }
        }

        LengthOptions length;
        length.train = tinyOptions();
        length.schemes = {rope::PositionScheme::Rope};
        length.testLengths = {8, 16};
        length.methods = {rope::ScalingKind::Linear, rope::ScalingKind::Yarn};
        length.fineTuneSteps = 2;
        length.evalSequences = 8;
        length.train.threads = 1;
        const LengthResult l1 = runLengthExperiment(length);
        length.train.threads = 2;
        const LengthResult l2 = runLengthExperiment(length);
        // Unscaled, linear, yarn; then fine-tuned default, linear, yarn.
        QCOMPARE(l1.rows.size(), std::size_t(6));
        QCOMPARE(l2.rows.size(), l1.rows.size());
        for (std::size_t k = 0; k < l1.rows.size(); ++k) {
            for (std::size_t t = 0; t < l1.rows[k].accuracy.size(); ++t) {
                QVERIFY(sameBits(l1.rows[k].accuracy[t], l2.rows[k].accuracy[t]));
            }
        }

        BaseOptions base;
        base.train = tinyOptions();
        base.bases = {10.0, 1e4};
        base.testFactor = 2;
        base.evalSequences = 8;
        base.train.threads = 1;
        const BaseResult b1 = runBaseExperiment(base);
        base.train.threads = 2;
        const BaseResult b2 = runBaseExperiment(base);
        QCOMPARE(b1.points.size(), std::size_t(2));
        for (std::size_t k = 0; k < b1.points.size(); ++k) {
            QVERIFY(sameBits(b1.points[k].accuracyTestLength, b2.points[k].accuracyTestLength));
            QVERIFY(sameBits(b1.points[k].accuracyTrainLength, b2.points[k].accuracyTrainLength));
        }
    }

    void experimentsStopWhenCancelled() {
        // Cancelled from the partial-result callback after the first model: the result keeps
        // exactly what was finished and says it was cancelled.
        rope::WorkControl raceControl;
        RaceOptions race;
        race.train = tinyOptions();
        race.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Nope};
        race.seeds = 2;
        const RaceResult r =
            runRace(race, &raceControl, [&](const RaceResult&) { raceControl.cancel(); });
        QVERIFY(r.cancelled);
        QCOMPARE(r.runs.size(), std::size_t(1));

        rope::WorkControl lengthControl;
        LengthOptions length;
        length.train = tinyOptions();
        length.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Nope};
        length.testLengths = {8, 16};
        length.methods = {rope::ScalingKind::Linear};
        length.fineTuneSteps = 2;
        length.evalSequences = 4;
        const LengthResult l = runLengthExperiment(
            length, &lengthControl, [&](const LengthResult&) { lengthControl.cancel(); });
        QVERIFY(l.cancelled);
        QCOMPARE(l.rows.size(), std::size_t(2)); // rope unscaled and linear, no fine-tune

        rope::WorkControl baseControl;
        baseControl.cancel();
        BaseOptions base;
        base.train = tinyOptions();
        base.bases = {10.0, 100.0};
        base.testFactor = 2;
        const BaseResult b = runBaseExperiment(base, &baseControl);
        QVERIFY(b.cancelled);
        QVERIFY(b.points.empty());

        // Cancelled inside a run (from the step callback's thread, at step 2 of 3): progress
        // stopped short of the end and nothing of the unfinished run is reported.
        rope::WorkControl inside;
        TrainOptions o = tinyOptions();
        const TrainRun run = trainModelWithin(o, &inside, {0.0, 1.0}, [&](const CurvePoint& p) {
            if (p.step == 2) {
                inside.cancel();
            }
        });
        QVERIFY(run.cancelled);
        QCOMPARE(run.curve.size(), std::size_t(2));
        QVERIFY(inside.progress() < 1.0);
    }

    void progressCoversTheExperiment() {
        double last = -1.0;
        bool monotone = true;
        rope::WorkControl control(nullptr, [&](double f) {
            monotone = monotone && f >= last;
            last = f;
        });
        RaceOptions race;
        race.train = tinyOptions();
        race.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Nope};
        race.seeds = 2;
        (void)runRace(race, &control);
        QVERIFY(monotone);
        QCOMPARE(control.progress(), 1.0);
    }

    void fineTuneContinuesFromTheGivenWeights() {
        TrainOptions o = tinyOptions();
        o.steps = 5;
        const TrainRun trained = trainModel(o);
        TrainOptions ft = o;
        ft.length = 16;
        ft.steps = 2;
        for (const rope::ScalingKind method :
             {rope::ScalingKind::Default, rope::ScalingKind::Linear}) {
            const ScalingParams scaling = method == rope::ScalingKind::Default
                                              ? ScalingParams{}
                                              : testTimeScaling(method, 2.0, 8, 16);
            const TrainRun tuned = fineTune(trained.model, ft, scaling);
            QCOMPARE(tuned.curve.size(), std::size_t(2));
            // The first point is the given weights on the fine-tune stream's first batch: a
            // separate forward pass over that batch gives the same loss, bit for bit.
            std::mt19937_64 data(streamSeed(o.seed, kStreamFineTune));
            const Batch batch = makeBatch(o.task, ft.batch, ft.length, data);
            BatchGradient<float> engine;
            const BatchStats atStart = engine.compute(
                trained.model, batch, trained.model.positions(ft.length, scaling), 1, nullptr);
            QVERIFY(sameBits(tuned.curve[0].loss, atStart.loss));
            // ... and not the loss of freshly initialised weights on that batch.
            Transformer<float> fresh(o.model);
            fresh.initialize(streamSeed(o.seed, kStreamWeights));
            const BatchStats freshStats =
                engine.compute(fresh, batch, fresh.positions(ft.length, scaling), 1, nullptr);
            QVERIFY(tuned.curve[0].loss != freshStats.loss);
            // The weights moved from the given ones.
            QVERIFY((tuned.model.parameters() - trained.model.parameters()).norm() > 0.0F);
        }
    }

    void fineTuneRefusesWhatTheModelCannotTake() {
        TrainOptions o = tinyOptions();
        o.model.scheme = rope::PositionScheme::Nope;
        const TrainRun trained = trainModel(o);
        QVERIFY(throwsNaming("scaling", [&] {
            fineTune(trained.model, o, testTimeScaling(rope::ScalingKind::Linear, 2, 8, 16));
        }));
        TrainOptions longer = o;
        longer.length = 64; // beyond the learned table's rows
        o.model.scheme = rope::PositionScheme::Learned;
        const TrainRun learned = trainModel(o);
        QVERIFY(throwsNaming("length", [&] { fineTune(learned.model, longer); }));
    }

    void linearScalingDividesTheta() {
        // Position interpolation: θ_i' = θ_i / s with θ_i = b^(−2i/r) (Chen et al. 2023, eq. 4).
        // The rope context's cos/sin at position t must be cos(t·θ_i/s), sin(t·θ_i/s).
        ModelConfig c = tinyOptions().model;
        c.base = 500.0;
        c.rotaryFraction = 0.5; // head 8 → r = 4, two pairs
        QCOMPARE(rotaryDimension(c), 4);
        const Transformer<float> model(c);
        for (const double s : {2.0, 4.0}) {
            const PositionContext<float> pos =
                model.positions(32, testTimeScaling(rope::ScalingKind::Linear, s, 8, 32));
            QCOMPARE(pos.cos.rows(), 2);
            for (int t = 0; t < 32; ++t) {
                for (int i = 0; i < 2; ++i) {
                    const long double theta =
                        std::pow(500.0L, -2.0L * i / 4.0L) / static_cast<long double>(s);
                    const long double angle = t * theta;
                    // float storage: half an ulp of 1 is 6e-8.
                    QVERIFY(std::abs(pos.cos(i, t) - std::cos(angle)) < 1e-7L);
                    QVERIFY(std::abs(pos.sin(i, t) - std::sin(angle)) < 1e-7L);
                }
            }
        }
    }

    void lengthExperimentScalesAtTestTimeOnly() {
        // At test lengths ≤ L_train the factor is max(1, T/L) = 1, where PI is the identity
        // (θ/1): the linear row equals the unscaled row there, bit for bit.
        LengthOptions o;
        o.train = tinyOptions();
        o.testLengths = {4, 8, 16};
        o.methods = {rope::ScalingKind::Linear};
        o.evalSequences = 8;
        const LengthResult r = runLengthExperiment(o);
        QCOMPARE(r.rows.size(), std::size_t(2));
        QVERIFY(r.rows[1].method == rope::ScalingKind::Linear);
        QVERIFY(sameBits(r.rows[0].accuracy[0], r.rows[1].accuracy[0]));
        QVERIFY(sameBits(r.rows[0].accuracy[1], r.rows[1].accuracy[1]));
        QCOMPARE(r.fineTuneLength, 16);
    }

    void lengthDefaults() {
        LengthOptions o;
        o.train = tinyOptions();
        o.train.length = 64;
        o.train.task.offset = 4;
        const LengthOptions r = resolveLengthOptions(o);
        QCOMPARE(r.testLengths, (std::vector<int>{32, 64, 128, 256, 512}));
        QCOMPARE(r.fineTuneLength, 128);
        QCOMPARE(r.train.model.maxLength, 512);
    }

    void badOptionsAreNamed() {
        LengthOptions l;
        l.train = tinyOptions();
        l.methods = {rope::ScalingKind::Default};
        QVERIFY(throwsNaming("methods", [&] { resolveLengthOptions(l); }));
        // An unknown method id is refused where it is parsed (rope-cli lab --methods, test
        // cli_lab_methods); a LengthOptions can only hold known kinds.
        l.methods = {rope::ScalingKind::Linear};
        l.fineTuneLength = 4;
        QVERIFY(throwsNaming("finetune-length", [&] { resolveLengthOptions(l); }));
        l.fineTuneLength = 0;
        l.testLengths = {2048};
        QVERIFY(throwsNaming("test-lengths", [&] { resolveLengthOptions(l); }));
        RaceOptions race;
        race.train = tinyOptions();
        race.schemes = {rope::PositionScheme::Rope, rope::PositionScheme::Rope};
        QVERIFY(throwsNaming("schemes", [&] { runRace(race); }));
        race.schemes = {rope::PositionScheme::Rope};
        race.seeds = 0;
        QVERIFY(throwsNaming("seeds", [&] { runRace(race); }));
        BaseOptions base;
        base.train = tinyOptions();
        base.testFactor = 1000;
        QVERIFY(throwsNaming("test-factor", [&] { resolveBaseOptions(base); }));
        base.testFactor = 2;
        base.rotaryFractions = {1.5};
        QVERIFY(throwsNaming("rotary-fraction", [&] { resolveBaseOptions(base); }));
    }

    void baseSweepDefaultsAndBounds() {
        BaseOptions o;
        o.train = tinyOptions();
        o.testFactor = 2;
        const BaseOptions r = resolveBaseOptions(o);
        // 10^(1 + 5k/5) = 10, 100, …, 10⁶.
        QCOMPARE(r.bases.size(), std::size_t(6));
        for (int k = 0; k < 6; ++k) {
            QVERIFY(std::abs(r.bases[static_cast<std::size_t>(k)] / std::pow(10.0, k + 1) - 1.0) <
                    1e-15);
        }
        BaseOptions small = o;
        small.bases = {100.0};
        small.rotaryFractions = {1.0, 0.5};
        small.evalSequences = 4;
        const BaseResult b = runBaseExperiment(small);
        QCOMPARE(b.bounds.size(), std::size_t(2));
        QCOMPARE(b.bounds[0].rotaryDim, 8); // head 16/2 = 8, all rotating
        QCOMPARE(b.bounds[1].rotaryDim, 4);
        // b* does not decrease with the context (a base serving 2L serves L).
        for (const BaseBound& bound : b.bounds) {
            QVERIFY(bound.bStarTest >= bound.bStarTrain);
            QVERIFY(bound.bStarTrain > 1.0);
        }
        QCOMPARE(b.points.size(), std::size_t(2));
        QCOMPARE(b.trainLength, 8);
        QCOMPARE(b.testLength, 16);
    }
};

QTEST_MAIN(TestTrainExperiments)
#include "tst_train_experiments.moc"
