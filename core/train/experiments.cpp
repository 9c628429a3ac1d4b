// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/train/experiments.h"

#include "core/base_bound.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::train {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void require(bool ok, const char* name, const std::string& message) {
    if (!ok) {
        throw InvalidParameter(name, message);
    }
}

Spread spreadOf(const std::vector<double>& values) {
    if (values.empty()) {
        return {kNaN, kNaN, kNaN};
    }
    // Summed in the given order (seed order), so the mean does not depend on threads.
    double sum = 0.0;
    for (double v : values) {
        sum += v;
    }
    return {sum / static_cast<double>(values.size()),
            *std::min_element(values.begin(), values.end()),
            *std::max_element(values.begin(), values.end())};
}

void checkSchemes(const std::vector<PositionScheme>& schemes) {
    require(!schemes.empty(), "schemes", "at least one scheme is needed");
    for (std::size_t i = 0; i < schemes.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            require(schemes[i] != schemes[j], "schemes",
                    std::string("scheme '") + positionSchemeId(schemes[i]) + "' is named twice");
        }
    }
}

void checkSeeds(int seeds) {
    require(seeds >= 1 && seeds <= 100, "seeds",
            "seeds must be 1 … 100, got " + std::to_string(seeds));
}

void checkEvalSequences(int n) {
    require(n >= 1 && n <= 4096, "eval-sequences",
            "eval-sequences must be 1 … 4096, got " + std::to_string(n));
}

// The share of the whole experiment's progress that one piece of work fills, by its weight
// (steps × length, proportional to its cost: attention's T² part is small at these lengths).
class ProgressPlan {
public:
    void add(double weight) { m_weights.push_back(weight); }
    ProgressRange next() {
        double total = 0.0;
        for (double w : m_weights) {
            total += w;
        }
        const double begin = total > 0.0 ? m_done / total : 0.0;
        m_done += m_weights[m_index++];
        return {begin, total > 0.0 ? m_done / total : 1.0};
    }

private:
    std::vector<double> m_weights;
    std::size_t m_index = 0;
    double m_done = 0.0;
};

} // namespace

int stepsToAccuracy(const std::vector<CurvePoint>& curve, double target) {
    for (const CurvePoint& p : curve) {
        if (p.accuracy >= target) {
            return p.step;
        }
    }
    return -1;
}

SchemeCurves aggregateCurves(PositionScheme scheme,
                             const std::vector<std::vector<CurvePoint>>& curves, double target) {
    SchemeCurves out;
    out.scheme = scheme;
    out.seeds = static_cast<int>(curves.size());
    std::size_t shortest = curves.empty() ? 0 : curves.front().size();
    for (const auto& c : curves) {
        shortest = std::min(shortest, c.size());
    }
    std::vector<double> losses(curves.size());
    std::vector<double> accuracies(curves.size());
    for (std::size_t s = 0; s < shortest; ++s) {
        for (std::size_t k = 0; k < curves.size(); ++k) {
            losses[k] = curves[k][s].loss;
            accuracies[k] = curves[k][s].accuracy;
        }
        out.steps.push_back(curves.front()[s].step);
        out.loss.push_back(spreadOf(losses));
        out.accuracy.push_back(spreadOf(accuracies));
    }
    std::vector<double> reachedAt;
    for (const auto& c : curves) {
        const int at = stepsToAccuracy(c, target);
        if (at >= 0) {
            reachedAt.push_back(at);
        }
    }
    out.reached = static_cast<int>(reachedAt.size());
    out.stepsToTarget = spreadOf(reachedAt);
    return out;
}

RaceResult runRace(const RaceOptions& options, const WorkControl* control,
                   const std::function<void(const RaceResult&)>& onPartial) {
    checkSchemes(options.schemes);
    checkSeeds(options.seeds);
    require(options.target > 0.0 && options.target <= 1.0, "target",
            "target accuracy must be in (0, 1]");
    for (PositionScheme s : options.schemes) {
        TrainOptions o = options.train;
        o.model.scheme = s;
        validate(o);
    }
    const int total = static_cast<int>(options.schemes.size()) * options.seeds;
    RaceResult result;
    int done = 0;
    for (PositionScheme scheme : options.schemes) {
        std::vector<std::vector<CurvePoint>> curves;
        for (int k = 0; k < options.seeds; ++k) {
            if (isCancelled(control)) {
                result.cancelled = true;
                return result;
            }
            TrainOptions o = options.train;
            o.model.scheme = scheme;
            o.seed = options.firstSeed + static_cast<std::uint64_t>(k);
            TrainRun run = trainModelWithin(
                o, control,
                {static_cast<double>(done) / total, static_cast<double>(done + 1) / total});
            if (run.cancelled) {
                result.cancelled = true;
                return result;
            }
            ++done;
            RaceRun r{scheme, o.seed, std::move(run.curve), -1};
            r.stepsToTarget = stepsToAccuracy(r.curve, options.target);
            curves.push_back(r.curve);
            result.runs.push_back(std::move(r));
            // The scheme's aggregate over the seeds finished so far replaces its previous one.
            if (k > 0) {
                result.schemes.pop_back();
            }
            result.schemes.push_back(aggregateCurves(scheme, curves, options.target));
            if (onPartial) {
                onPartial(result);
            }
        }
    }
    return result;
}

ScalingParams testTimeScaling(ScalingKind method, double factor, int trainLength, int testLength) {
    ScalingParams scaling;
    scaling.method = method;
    scaling.factor = factor;
    scaling.originalContext = trainLength;
    scaling.seqLen = testLength;
    return scaling;
}

LengthOptions resolveLengthOptions(const LengthOptions& options) {
    LengthOptions o = options;
    checkSchemes(o.schemes);
    checkSeeds(o.seeds);
    checkEvalSequences(o.evalSequences);
    const int L = o.train.length;
    if (o.testLengths.empty()) {
        // ½, 1, 2, 4, 8 × L_train, those a sequence can have.
        for (const int numerator : {1, 2, 4, 8, 16}) {
            const long long t = static_cast<long long>(L) * numerator / 2;
            if (t >= 2 && t <= limits::kMaxTrainLength) {
                o.testLengths.push_back(static_cast<int>(t));
            }
        }
    }
    for (int t : o.testLengths) {
        require(t >= 2 && t <= limits::kMaxTrainLength, "test-lengths",
                "test lengths must be 2 … " + std::to_string(limits::kMaxTrainLength) + ", got " +
                    std::to_string(t));
    }
    require(o.fineTuneSteps >= 0 && o.fineTuneSteps <= 100000, "finetune-steps",
            "finetune-steps must be 0 … 100000, got " + std::to_string(o.fineTuneSteps));
    if (o.fineTuneLength == 0) {
        o.fineTuneLength = std::min(2 * L, limits::kMaxTrainLength);
    }
    require(o.fineTuneLength >= L && o.fineTuneLength <= limits::kMaxTrainLength, "finetune-length",
            "finetune-length must be " + std::to_string(L) + " (the training length) … " +
                std::to_string(limits::kMaxTrainLength) + ", got " +
                std::to_string(o.fineTuneLength));
    for (const ScalingKind m : o.methods) {
        require(m != ScalingKind::Default, "methods",
                "'default' is not a scaling method here (the unscaled row is always there)");
    }
    // The learned table needs a row for every length the model will see.
    int longest = std::max(L, o.fineTuneLength);
    for (int t : o.testLengths) {
        longest = std::max(longest, t);
    }
    o.train.model.maxLength = longest;
    for (PositionScheme s : o.schemes) {
        TrainOptions t = o.train;
        t.model.scheme = s;
        validate(t);
        for (int length : o.testLengths) {
            validate(t.task, length);
        }
        validate(t.task, o.fineTuneLength);
        if (s == PositionScheme::Rope) {
            // Each method's own checks (fields it needs, factor ranges) before any training.
            const Transformer<float> probe(t.model);
            for (const ScalingKind m : o.methods) {
                for (int length : o.testLengths) {
                    (void)probe.positions(
                        2, testTimeScaling(m, std::max(1.0, static_cast<double>(length) / L), L,
                                           length));
                }
                (void)probe.positions(2,
                                      testTimeScaling(m, static_cast<double>(o.fineTuneLength) / L,
                                                      L, o.fineTuneLength));
            }
        }
    }
    return o;
}

LengthResult runLengthExperiment(const LengthOptions& requested, const WorkControl* control,
                                 const std::function<void(const LengthResult&)>& onPartial) {
    const LengthOptions options = resolveLengthOptions(requested);
    const int L = options.train.length;
    const int Lft = options.fineTuneLength;
    LengthResult result;
    result.testLengths = options.testLengths;
    result.fineTuneLength = Lft;

    // Progress weights: training steps·L per model, fine-tuning steps·L_ft per method (and the
    // unscaled continuation) of each rope model.
    ProgressPlan plan;
    for (PositionScheme s : options.schemes) {
        for (int k = 0; k < options.seeds; ++k) {
            plan.add(static_cast<double>(options.train.steps) * L);
            if (s == PositionScheme::Rope && options.fineTuneSteps > 0) {
                for (std::size_t m = 0; m <= options.methods.size(); ++m) {
                    plan.add(static_cast<double>(options.fineTuneSteps) * Lft);
                }
            }
        }
    }

    // Evaluates one model at every test length; false when cancelled midway.
    const auto test = [&](const Transformer<float>& model, std::uint64_t seed,
                          const ScalingKind method, double fixedFactor, LengthRow& row) {
        for (int length : options.testLengths) {
            const double factor =
                fixedFactor > 0.0 ? fixedFactor : std::max(1.0, static_cast<double>(length) / L);
            const ScalingParams scaling = method == ScalingKind::Default
                                              ? ScalingParams{}
                                              : testTimeScaling(method, factor, L, length);
            const Evaluation e = evaluate(model, options.train.task, length, options.evalSequences,
                                          seed, scaling, options.train.threads, control);
            if (isCancelled(control)) {
                return false;
            }
            row.accuracy.push_back(e.accuracy);
        }
        return true;
    };
    const auto cancelledResult = [&]() {
        result.cancelled = true;
        return result;
    };

    for (PositionScheme scheme : options.schemes) {
        for (int k = 0; k < options.seeds; ++k) {
            TrainOptions o = options.train;
            o.model.scheme = scheme;
            o.seed = options.firstSeed + static_cast<std::uint64_t>(k);
            if (isCancelled(control)) {
                return cancelledResult();
            }
            const TrainRun run = trainModelWithin(o, control, plan.next());
            if (run.cancelled) {
                return cancelledResult();
            }
            LengthRow plain{scheme, o.seed, ScalingKind::Default, false, {}};
            if (!test(run.model, o.seed, ScalingKind::Default, 0.0, plain)) {
                return cancelledResult();
            }
            result.rows.push_back(std::move(plain));
            if (scheme == PositionScheme::Rope) {
                for (const ScalingKind method : options.methods) {
                    LengthRow row{scheme, o.seed, method, false, {}};
                    if (!test(run.model, o.seed, method, 0.0, row)) {
                        return cancelledResult();
                    }
                    result.rows.push_back(std::move(row));
                }
            }
            if (onPartial) {
                onPartial(result);
            }
            if (scheme != PositionScheme::Rope || options.fineTuneSteps == 0) {
                continue;
            }
            // PI's recipe: continue the trained model at L_ft with the scaled θ (factor
            // s = L_ft/L_train) for a few steps, then test it with that same scaling; the
            // unscaled continuation is the control (does fine-tuning alone do it?).
            TrainOptions ft = o;
            ft.steps = options.fineTuneSteps;
            ft.length = Lft;
            const double s = static_cast<double>(Lft) / L;
            std::vector<ScalingKind> methods = {ScalingKind::Default};
            methods.insert(methods.end(), options.methods.begin(), options.methods.end());
            for (const ScalingKind method : methods) {
                if (isCancelled(control)) {
                    return cancelledResult();
                }
                const ScalingParams scaling = method == ScalingKind::Default
                                                  ? ScalingParams{}
                                                  : testTimeScaling(method, s, L, Lft);
                const TrainRun tuned = fineTune(run.model, ft, scaling, control, {}, plan.next());
                if (tuned.cancelled) {
                    return cancelledResult();
                }
                LengthRow row{scheme, o.seed, method, true, {}};
                if (!test(tuned.model, o.seed, method, s, row)) {
                    return cancelledResult();
                }
                result.rows.push_back(std::move(row));
                if (onPartial) {
                    onPartial(result);
                }
            }
        }
    }
    return result;
}

BaseOptions resolveBaseOptions(const BaseOptions& options) {
    BaseOptions o = options;
    checkSeeds(o.seeds);
    checkEvalSequences(o.evalSequences);
    if (o.bases.empty()) {
        require(o.baseCount >= 2 && o.baseCount <= 64, "bases",
                "the number of bases must be 2 … 64, got " + std::to_string(o.baseCount));
        for (int k = 0; k < o.baseCount; ++k) {
            // 10^(1 + 5k/(n−1)): 10 … 10⁶, log-spaced.
            o.bases.push_back(std::pow(10.0, 1.0 + 5.0 * k / (o.baseCount - 1)));
        }
    }
    require(o.bases.size() <= 64, "bases",
            "at most 64 bases, got " + std::to_string(o.bases.size()));
    require(!o.rotaryFractions.empty() && o.rotaryFractions.size() <= 16, "rotary-fractions",
            "1 … 16 rotary fractions are needed");
    require(o.testFactor >= 1 &&
                static_cast<long long>(o.testFactor) * o.train.length <= limits::kMaxTrainLength,
            "test-factor",
            "test-factor × length must be ≤ " + std::to_string(limits::kMaxTrainLength) + ", got " +
                std::to_string(o.testFactor) + " × " + std::to_string(o.train.length));
    for (double f : o.rotaryFractions) {
        for (double b : o.bases) {
            TrainOptions t = o.train;
            t.model.scheme = PositionScheme::Rope;
            t.model.base = b;
            t.model.rotaryFraction = f;
            validate(t); // names "base" or "rotary-fraction"
            validate(t.task, o.testFactor * o.train.length);
        }
    }
    return o;
}

BaseResult runBaseExperiment(const BaseOptions& requested, const WorkControl* control,
                             const std::function<void(const BaseResult&)>& onPartial) {
    const BaseOptions options = resolveBaseOptions(requested);
    BaseResult result;
    result.bases = options.bases;
    result.trainLength = options.train.length;
    result.testLength = options.testFactor * options.train.length;
    for (double f : options.rotaryFractions) {
        ModelConfig c = options.train.model;
        c.rotaryFraction = f;
        BaseBound bound;
        bound.rotaryFraction = f;
        bound.rotaryDim = rotaryDimension(c);
        MinimalBaseOptions mb;
        mb.threads = 1;
        mb.control = control;
        for (const bool atTest : {false, true}) {
            const MinimalBase found =
                minimalBase(atTest ? result.testLength : result.trainLength, bound.rotaryDim, mb);
            if (found.cancelled) {
                result.cancelled = true;
                return result;
            }
            (atTest ? bound.bStarTest : bound.bStarTrain) = found.found ? found.base : kNaN;
        }
        result.bounds.push_back(bound);
    }
    const auto total =
        static_cast<double>(options.rotaryFractions.size() * options.bases.size()) * options.seeds;
    int done = 0;
    for (double f : options.rotaryFractions) {
        for (double b : options.bases) {
            for (int k = 0; k < options.seeds; ++k) {
                if (isCancelled(control)) {
                    result.cancelled = true;
                    return result;
                }
                TrainOptions o = options.train;
                o.model.scheme = PositionScheme::Rope;
                o.model.base = b;
                o.model.rotaryFraction = f;
                o.seed = options.firstSeed + static_cast<std::uint64_t>(k);
                const TrainRun run =
                    trainModelWithin(o, control, {done / total, (done + 1) / total});
                if (run.cancelled) {
                    result.cancelled = true;
                    return result;
                }
                ++done;
                BasePoint point{b, f, o.seed, 0.0, 0.0};
                for (const bool atTest : {false, true}) {
                    const Evaluation e =
                        evaluate(run.model, o.task, atTest ? result.testLength : result.trainLength,
                                 options.evalSequences, o.seed, {}, o.threads, control);
                    if (isCancelled(control)) {
                        result.cancelled = true;
                        return result;
                    }
                    (atTest ? point.accuracyTestLength : point.accuracyTrainLength) = e.accuracy;
                }
                result.points.push_back(point);
                if (onPartial) {
                    onPartial(result);
                }
            }
        }
    }
    return result;
}

double sequenceWork(const ModelConfig& model, int length) {
    return static_cast<double>(model.layers) * model.dModel *
           (model.dModel + static_cast<double>(length)) * length;
}

double lengthExperimentWork(const LengthOptions& o) {
    // The methods and fine-tunes apply to rope alone (runLengthExperiment()).
    const bool rope =
        std::find(o.schemes.begin(), o.schemes.end(), PositionScheme::Rope) != o.schemes.end();
    const double methods = rope ? static_cast<double>(o.methods.size()) : 0.0;
    const double fineTunes = rope && o.fineTuneSteps > 0 ? methods + 1.0 : 0.0;
    double evalPerModel = 0.0;
    for (int t : o.testLengths) {
        evalPerModel += sequenceWork(o.train.model, t) * o.evalSequences / 3.0;
    }
    const double models = static_cast<double>(o.schemes.size());
    return o.seeds *
           (sequenceWork(o.train.model, o.train.length) * o.train.batch * o.train.steps * models +
            fineTunes * sequenceWork(o.train.model, o.fineTuneLength) * o.train.batch *
                o.fineTuneSteps +
            (models + methods + fineTunes) * evalPerModel);
}

double baseExperimentWork(const BaseOptions& o) {
    const double models = static_cast<double>(o.bases.size() * o.rotaryFractions.size()) * o.seeds;
    return models * (sequenceWork(o.train.model, o.train.length) * o.train.batch * o.train.steps +
                     (sequenceWork(o.train.model, o.train.length) +
                      sequenceWork(o.train.model, o.testFactor * o.train.length)) *
                         o.evalSequences / 3.0);
}

} // namespace rope::train
