// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/course.h"

#include "core/absolute_encoding.h"
#include "core/attention.h"
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/identities.h"
#include "core/kv_cache.h"
#include "core/mrope.h"
#include "core/param_fields.h"
#include "core/position_schemes.h"
#include "core/precision.h"
#include "core/research_rules.h"
#include "core/rope_2d.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/derivation_figure.h"
#include "figures/figure_data.h"
#include "figures/figure_registry.h"
#include "figures/option_table.h"
#include "io/params_check.h"
#include "io/weights_probe.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numbers>
#include <set>

namespace rope::figures {

// course_kernels.cpp: the kernels' headers and rotation.h both declare limits, so the one answer
// that needs a kernel header is computed in its own file.
long long courseRopeTableBytes(long long rows, int pairs);
// training_lab_course.cpp: the answers that train the lab's race (on the calling thread).
double courseLabFirstToAccuracy(const QVariantMap& args);
double courseLabAccuracyAtLength(const QVariantMap& args);
double courseLabLengthGain(const QVariantMap& args);

namespace {

// Course files are small; anything larger is not a course.
constexpr qint64 kMaxCourseBytes = 4 * 1024 * 1024;

double number(const QVariantMap& args, const char* name) {
    return args.value(QLatin1String(name)).toDouble();
}

int integer(const QVariantMap& args, const char* name) {
    const double v = number(args, name);
    if (v != std::floor(v) || std::abs(v) > 1e9) {
        throw rope::InvalidParameter(name, "must be an integer");
    }
    return static_cast<int>(v);
}

std::string text(const QVariantMap& args, const char* name) {
    return args.value(QLatin1String(name)).toString().toStdString();
}

int pairIndex(const QVariantMap& args, int dim) {
    const int pair = integer(args, "pair");
    if (pair < 0 || pair >= dim / 2) {
        throw rope::InvalidParameter("pair", "must be in 0 … dim/2 − 1");
    }
    return pair;
}

// Inverse frequencies after a scaling method, as the extension panel computes them.
rope::ScalingResult scaled(const QVariantMap& args) {
    rope::RopeParams params;
    params.headDim = integer(args, "dim");
    params.base = number(args, "base");
    // Lesson arguments name the method by id; an unknown one throws InvalidParameter("method").
    params.scaling.method = rope::scalingMethod(text(args, "method")).kind;
    params.scaling.factor = number(args, "factor");
    params.scaling.originalContext = integer(args, "original-context");
    rope::validate(params);
    return rope::scaledFrequencies(params);
}

double firstPairWavelengthAbove(const QVariantMap& args) {
    const Eigen::ArrayXd lambda =
        rope::wavelengths(rope::inverseFrequencies(integer(args, "dim"), number(args, "base")));
    const double tokens = number(args, "tokens");
    for (Eigen::Index i = 0; i < lambda.size(); ++i) {
        if (lambda[i] > tokens) {
            return static_cast<double>(i);
        }
    }
    throw rope::InvalidParameter("tokens", "no pair has a wavelength above it");
}

double pairsWavelengthAbove(const QVariantMap& args) {
    // How many pairs have λ_i = 2π/θ_i > tokens: the slow end of the ladder, none of which
    // completes a turn within that many tokens (0 when even the slowest pair turns in time).
    const Eigen::ArrayXd lambda =
        rope::wavelengths(rope::inverseFrequencies(integer(args, "dim"), number(args, "base")));
    return static_cast<double>((lambda > number(args, "tokens")).count());
}

double criticalDimension(const QVariantMap& args) {
    return rope::criticalDimension(integer(args, "dim"), number(args, "base"),
                                   number(args, "tokens"));
}

double pairWavelength(const QVariantMap& args) {
    const int dim = integer(args, "dim");
    return rope::wavelengths(
        rope::inverseFrequencies(dim, number(args, "base")))[pairIndex(args, dim)];
}

double rotationAngleDegrees(const QVariantMap& args) {
    const int dim = integer(args, "dim");
    const Eigen::ArrayXd angles = rope::rotationAngles(
        rope::inverseFrequencies(dim, number(args, "base")), number(args, "position"));
    // Reduced to [0°, 360°): the angle the pair's arrow shows.
    const double turns = angles[pairIndex(args, dim)] / (2 * std::numbers::pi);
    return 360.0 * (turns - std::floor(turns));
}

double slowestPeriod(const QVariantMap& args) {
    return rope::slowestPeriod(integer(args, "dim"), number(args, "base"));
}

double quarterTurnContext(const QVariantMap& args) {
    return rope::quarterTurnContext(integer(args, "dim"), number(args, "base"));
}

double firstNegativeDistance(const QVariantMap& args) {
    const auto m = rope::firstNegativeDistance(integer(args, "dim"), number(args, "base"),
                                               static_cast<long long>(number(args, "limit")));
    if (!m) {
        throw rope::InvalidParameter("limit", "the cosine sum stays non-negative up to it");
    }
    return static_cast<double>(*m);
}

double minimalBase(const QVariantMap& args) {
    const rope::MinimalBase result =
        rope::minimalBase(static_cast<long long>(number(args, "context")), integer(args, "dim"));
    if (!result.found) {
        throw rope::InvalidParameter("context", "no base keeps the cosine sum non-negative");
    }
    return result.base;
}

double meanCosine(const QVariantMap& args) {
    Eigen::ArrayXd distance(1);
    distance[0] = number(args, "distance");
    return rope::meanCosine(integer(args, "dim"), number(args, "base"), distance)[0];
}

double scaledPairWavelength(const QVariantMap& args) {
    const rope::ScalingResult result = scaled(args);
    const int pair = pairIndex(args, static_cast<int>(2 * result.invFreq.size()));
    return 2 * std::numbers::pi / result.invFreq[pair];
}

double attentionFactor(const QVariantMap& args) {
    return scaled(args).attentionFactor;
}

double distinctPositions(const QVariantMap& args) {
    return static_cast<double>(
        rope::distinctPositionCount(rope::parseFloatFormat(text(args, "format")),
                                    static_cast<long long>(number(args, "length"))));
}

double formatSpacing(const QVariantMap& args) {
    return rope::formatSpacing(rope::parseFloatFormat(text(args, "format")), number(args, "value"));
}

double halfLayoutIndex(const QVariantMap& args) {
    const int dim = integer(args, "dim");
    const int index = integer(args, "index");
    if (index < 0 || index >= dim) {
        throw rope::InvalidParameter("index", "must be in 0 … dim − 1");
    }
    return rope::halfToInterleavedPermutation(dim)[index];
}

double relativityResidual(const QVariantMap& args) {
    return rope::relativityResidual(
        rope::inverseFrequencies(integer(args, "dim"), number(args, "base")), number(args, "m"),
        number(args, "n"));
}

double rotationAngleRadians(const QVariantMap& args) {
    const int dim = integer(args, "dim");
    const Eigen::ArrayXd angles = rope::rotationAngles(
        rope::inverseFrequencies(dim, number(args, "base")), number(args, "position"));
    // Unreduced m·θ_i: how far the pair has turned in total.
    return angles[pairIndex(args, dim)];
}

double firstNegativeOrLimit(const QVariantMap& args) {
    // The first m < limit with Σcos(mθ_i) < 0, or limit when there is none: "beyond L" then
    // reads as value ≥ L, and an infeasible base gives the distance where it fails.
    const long long limit = static_cast<long long>(number(args, "limit"));
    const auto m = rope::firstNegativeDistance(integer(args, "dim"), number(args, "base"), limit);
    return static_cast<double>(m.value_or(limit));
}

double meanCosineRises(const QVariantMap& args) {
    // How many r ∈ [1, limit) have a larger mean cosine at r + 1 than at r: 0 for a
    // monotone decay.
    const long long limit = static_cast<long long>(number(args, "limit"));
    if (limit < 2 || limit > 1000000) {
        throw rope::InvalidParameter("limit", "must be in 2 … 1000000");
    }
    const Eigen::ArrayXd r = Eigen::ArrayXd::LinSpaced(limit, 1.0, static_cast<double>(limit));
    const Eigen::ArrayXd c = rope::meanCosine(integer(args, "dim"), number(args, "base"), r);
    double rises = 0;
    for (Eigen::Index k = 0; k + 1 < c.size(); ++k) {
        rises += c[k + 1] > c[k] ? 1 : 0;
    }
    return rises;
}

double repeatedTokenDifference(const QVariantMap& args) {
    // "the dog chased another dog": the two "dog"s (positions 1 and 4) have equal embeddings.
    rope::ToyAttentionParams toy;
    toy.encoding = rope::parseAttentionEncoding(text(args, "encoding"));
    return rope::repeatedTokenOutputDifference(toy);
}

double collisionGap(const QVariantMap& args) {
    // The smallest gap p ≤ limit at which one pair's angle pθ_i comes back within the tolerance
    // of a whole number of turns: positions m and m + p look alike to that pair.
    const int dim = integer(args, "dim");
    const double theta = rope::inverseFrequencies(dim, number(args, "base"))[pairIndex(args, dim)];
    const double toleranceDeg = number(args, "tolerance-deg");
    if (!(toleranceDeg > 0 && toleranceDeg <= 90)) {
        throw rope::InvalidParameter("tolerance-deg", "must be in (0, 90]");
    }
    const long long limit = static_cast<long long>(number(args, "limit"));
    if (limit < 1 || limit > kMaxCollisionGap) {
        throw rope::InvalidParameter("limit", "must be in 1 … 2^20");
    }
    const PositionCollision hit =
        nearestCollision(theta, toleranceDeg * std::numbers::pi / 180.0, limit);
    if (!hit.found) {
        throw rope::InvalidParameter("limit", "no two positions collide within it");
    }
    return static_cast<double>(hit.gap);
}

double shiftedScoreChange(const QVariantMap& args) {
    // |score(m + s, n + s) − score(m, n)| for q = (1, 2, …, d) and k = (d, …, 2, 1). "rope":
    // ⟨R_m q, R_n k⟩, unchanged up to rounding; "sin": each pair of q scaled by sin(mθ_i) and of
    // k by sin(nθ_i), no cos: sin(mθ)·sin(nθ) = ½[cos((m−n)θ) − cos((m+n)θ)] moves with m + n.
    const int dim = integer(args, "dim");
    const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, number(args, "base"));
    const Eigen::ArrayXd q = Eigen::ArrayXd::LinSpaced(dim, 1.0, static_cast<double>(dim));
    const Eigen::ArrayXd k = q.reverse();
    const double m = number(args, "m");
    const double n = number(args, "n");
    const double s = number(args, "shift");
    const std::string encoding = text(args, "encoding");
    if (encoding == "rope") {
        return std::abs(rope::attentionScore(q, k, theta, m + s, n + s, rope::Layout::Interleaved) -
                        rope::attentionScore(q, k, theta, m, n, rope::Layout::Interleaved));
    }
    if (encoding != "sin") {
        throw rope::InvalidParameter("encoding", "must be rope or sin");
    }
    const auto sinScore = [&](double a, double b) {
        const Eigen::ArrayXd sa = rope::rotationAngles(theta, a).sin();
        const Eigen::ArrayXd sb = rope::rotationAngles(theta, b).sin();
        double score = 0;
        for (Eigen::Index i = 0; i < theta.size(); ++i) {
            score += sa[i] * sb[i] * (q[2 * i] * k[2 * i] + q[2 * i + 1] * k[2 * i + 1]);
        }
        return score;
    };
    return std::abs(sinScore(m + s, n + s) - sinScore(m, n));
}

double linearShiftResidual(const QVariantMap& args) {
    // Residual of the best fixed matrix W with PE(p + shift) ≈ W·PE(p): 0 when the shift is
    // linear (sinusoidal: a rotation per pair), > 0 when it is only affine (p·1 + shift·1).
    rope::AbsoluteEncodingParams params;
    params.scheme = rope::parseAbsoluteScheme(text(args, "scheme"));
    params.dim = integer(args, "dim");
    return rope::fitLinearShift(params, static_cast<long long>(number(args, "positions")),
                                static_cast<long long>(number(args, "shift")))
        .maxResidual;
}

double normChange(const QVariantMap& args) {
    // ||R_m x| − |x|| for x = (1, 2, …, d): rotation keeps every pair's length.
    const int dim = integer(args, "dim");
    const Eigen::ArrayXd x = Eigen::ArrayXd::LinSpaced(dim, 1.0, static_cast<double>(dim));
    return rope::normResidual(x, rope::inverseFrequencies(dim, number(args, "base")),
                              number(args, "position"));
}

double relativity2d(const QVariantMap& args) {
    return rope::relativity2dResidual(
        rope::inverseFrequencies2d(integer(args, "dim"), number(args, "base")), number(args, "x1"),
        number(args, "y1"), number(args, "x2"), number(args, "y2"));
}

double commutator2d(const QVariantMap& args) {
    return rope::commutatorNorm(rope::ropeGenerators2d(
        rope::inverseFrequencies2d(integer(args, "dim"), number(args, "base"))));
}

double mropeAxis(const QVariantMap& args) {
    const std::vector<int> section = {integer(args, "temporal"), integer(args, "height"),
                                      integer(args, "width")};
    const std::string layout = text(args, "layout");
    if (layout != "blocks" && layout != "interleaved") {
        throw rope::InvalidParameter("layout", "must be blocks or interleaved");
    }
    const int pairs = section[0] + section[1] + section[2];
    const int pair = integer(args, "pair");
    if (pair < 0 || pair >= pairs) {
        throw rope::InvalidParameter("pair", "must be in 0 … sum of the section − 1");
    }
    return rope::mropeAxisOfPair(
        section, layout == "blocks" ? rope::MropeLayout::Blocks : rope::MropeLayout::Interleaved,
        pairs)[static_cast<std::size_t>(pair)];
}

// The pair with the largest mean ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ over layers and query heads of the bundled
// synthetic model (each query head with the key/value head it shares), read by io's probe.
double syntheticWeightsPeakPair(const QVariantMap& args) {
    if (text(args, "model") != "synthetic") {
        throw rope::InvalidParameter("model", "only the bundled model \"synthetic\" is known");
    }
    QString error;
    const auto probe = rope::io::cachedWeightsProbe(rope::io::syntheticWeightsFolder(), error);
    if (!probe) {
        throw rope::InvalidParameter("model", error.toStdString());
    }
    const int pairs = probe->rotaryDim / 2;
    const int group = probe->queryHeads / probe->kvHeads;
    std::vector<double> mean(static_cast<std::size_t>(pairs), 0.0);
    for (const rope::io::LayerPairNorms& layer : probe->layers) {
        for (int h = 0; h < probe->queryHeads; ++h) {
            for (int i = 0; i < pairs; ++i) {
                mean[static_cast<std::size_t>(i)] += layer.q[h][i] * layer.k[h / group][i];
            }
        }
    }
    return static_cast<double>(std::max_element(mean.begin(), mean.end()) - mean.begin());
}

double kvCacheScoreGap(const QVariantMap& args) {
    // |consistent − cachedKey|: how far a score moves when the cached key keeps the rotation of
    // the shorter sequence it was cached in.
    const rope::KvCacheScores s = rope::dynamicNtkKvCacheScores(
        integer(args, "dim"), number(args, "base"), number(args, "factor"),
        integer(args, "original-context"), static_cast<long long>(number(args, "cached-len")),
        static_cast<long long>(number(args, "seq-len")),
        static_cast<long long>(number(args, "query-pos")),
        static_cast<long long>(number(args, "key-pos")));
    return std::abs(s.consistent - s.cachedKey);
}

double ropeTableMebibytes(const QVariantMap& args) {
    return static_cast<double>(courseRopeTableBytes(static_cast<long long>(number(args, "rows")),
                                                    integer(args, "pairs"))) /
           (1024.0 * 1024.0);
}

double rotatingPairs(const QVariantMap& args) {
    // Pairs that rotate: rotary-dim/2 of the head's dim/2 (p-RoPE, partial rotary).
    rope::RopeParams params;
    params.headDim = integer(args, "dim");
    params.rotaryDim = integer(args, "rotary-dim");
    params.base = number(args, "base");
    rope::validate(params);
    return params.effectiveRotaryDim() / 2;
}

// The toy input of the position-schemes panel (its defaults, with these four settings).
rope::SchemeToyParams schemeToy(const QVariantMap& args) {
    rope::SchemeToyParams toy;
    toy.length = integer(args, "length");
    toy.dim = integer(args, "dim");
    toy.seed = static_cast<std::uint64_t>(integer(args, "seed"));
    toy.base = number(args, "base");
    return toy;
}

double schemePermutationResidual(const QVariantMap& args) {
    // Reverse T distinct tokens, map the outputs back: 0 when the layer cannot see order.
    return rope::permutationResidual(rope::parsePositionScheme(text(args, "scheme")),
                                     schemeToy(args));
}

double schemeDiagonalSpread(const QVariantMap& args) {
    // One token repeated: the largest spread of the scores along a diagonal i − j (0 when the
    // score depends on i − j alone).
    const rope::SchemeToyParams toy = schemeToy(args);
    const rope::PositionScheme scheme = rope::parsePositionScheme(text(args, "scheme"));
    return rope::diagonalSpread(rope::evaluateScheme(scheme, toy, rope::schemeInputs(toy)).scores);
}

double alibiSlope(const QVariantMap& args) {
    // Press et al.'s slope of head h (1-based) of n heads.
    const int heads = integer(args, "heads");
    const int head = integer(args, "head");
    const std::vector<double> slopes = rope::alibiSlopes(heads);
    if (head < 1 || head > heads) {
        throw rope::InvalidParameter("head", "head must be 1 … heads");
    }
    return slopes[static_cast<std::size_t>(head - 1)];
}

QStringList names(std::initializer_list<const char*> list) {
    QStringList out;
    for (const char* name : list) {
        out << QLatin1String(name);
    }
    return out;
}

// A step's "params": the base parameters (by their session keys), the layout, the method and
// the two scaling fields a step sets.
const QStringList kParamKeys = [] {
    QStringList keys;
    for (const rope::ParamField& f : rope::paramFields()) {
        keys << QString::fromUtf8(f.sessionKey.data(), static_cast<qsizetype>(f.sessionKey.size()));
    }
    return keys + names({"layout", "method", "factor", "original-context"});
}();
const QStringList kTextKeys = names({"title", "task", "question", "choices", "hints", "solution"});
const QStringList kStepKeys =
    names({"id", "panel", "kind", "params", "options", "answer", "tolerance", "relative-tolerance",
           "choices", "accept", "require", "reveal", "hints", "text"});
const QStringList kKinds = names({"number", "choice", "predict", "find"});

class StepReader {
public:
    StepReader(QString file, QString step) : m_file(std::move(file)), m_step(std::move(step)) {}

    [[noreturn]] void fail(const QString& field, const QString& reason) const {
        throw CourseError(QStringLiteral("%1: step '%2': %3: %4")
                              .arg(m_file, m_step, field, reason)
                              .toStdString());
    }

    void onlyKeys(const QJsonObject& object, const QStringList& valid, const QString& where) const {
        for (const QString& key : object.keys()) {
            if (!valid.contains(key)) {
                fail(where.isEmpty() ? key : where + QLatin1Char('.') + key,
                     QStringLiteral("unknown key (valid: %1)")
                         .arg(valid.join(QStringLiteral(", "))));
            }
        }
    }

    QJsonObject object(const QJsonObject& parent, const QString& key, bool required) const {
        const QJsonValue v = parent.value(key);
        if (v.isUndefined() && !required) {
            return {};
        }
        if (!v.isObject()) {
            fail(key, QStringLiteral("expected an object"));
        }
        return v.toObject();
    }

    QString string(const QJsonObject& parent, const QString& key, const QString& where) const {
        const QJsonValue v = parent.value(key);
        if (!v.isString() || v.toString().trimmed().isEmpty()) {
            fail(where, QStringLiteral("expected a non-empty string"));
        }
        return v.toString();
    }

    // {"min": a, "max": b} (either may be left out: ±∞) plus \p extra keys.
    CourseRange range(const QJsonObject& json, const QString& where,
                      const QStringList& extra = {}) const {
        onlyKeys(json, names({"min", "max"}) + extra, where);
        CourseRange r;
        for (const char* end : {"min", "max"}) {
            const QJsonValue v = json.value(QLatin1String(end));
            if (v.isUndefined()) {
                continue;
            }
            if (!v.isDouble()) {
                fail(where + QLatin1Char('.') + QLatin1String(end),
                     QStringLiteral("expected a number"));
            }
            (end[1] == 'i' ? r.min : r.max) = v.toDouble();
        }
        if (!(r.min <= r.max)) {
            fail(where, QStringLiteral("min is above max"));
        }
        return r;
    }

    rope::RopeParams params(const QJsonObject& json, rope::RopeParams p = {},
                            const QString& where = QStringLiteral("params")) const {
        onlyKeys(json, kParamKeys, where);
        auto num = [&](const QString& key, double fallback) {
            const QJsonValue v = json.value(key);
            if (v.isUndefined()) {
                return fallback;
            }
            if (!v.isDouble()) {
                fail(where + QLatin1Char('.') + key, QStringLiteral("expected a number"));
            }
            return v.toDouble();
        };
        auto whole = [&](const QString& key, double fallback) {
            const double v = num(key, fallback);
            if (v != std::floor(v) || std::abs(v) > limits::kMaxPosition) {
                fail(where + QLatin1Char('.') + key, QStringLiteral("expected an integer"));
            }
            return v;
        };
        for (const rope::ParamField& f : rope::paramFields()) {
            const QString key =
                QString::fromUtf8(f.sessionKey.data(), static_cast<qsizetype>(f.sessionKey.size()));
            const double now = rope::paramFieldNumber(p, f);
            rope::setParamFieldNumber(
                p, f, f.kind == rope::ParamKind::Integer ? whole(key, now) : num(key, now));
        }
        p.scaling.factor = num(QStringLiteral("factor"), p.scaling.factor);
        p.scaling.originalContext =
            static_cast<int>(whole(QStringLiteral("original-context"), p.scaling.originalContext));
        try {
            if (json.contains(QStringLiteral("layout"))) {
                p.layout = rope::parseLayout(
                    string(json, QStringLiteral("layout"), QStringLiteral("params.layout"))
                        .toStdString());
            }
            if (json.contains(QStringLiteral("method"))) {
                const QString id =
                    string(json, QStringLiteral("method"), QStringLiteral("params.method"));
                if (const std::optional<rope::ScalingKind> kind =
                        rope::parseScalingKind(id.toStdString())) {
                    p.scaling.method = *kind;
                } else {
                    fail(QStringLiteral("params.method"),
                         QStringLiteral("unknown method '%1'").arg(id));
                }
            }
            rope::validate(p);
        } catch (const rope::InvalidParameter& e) {
            fail(where + QLatin1Char('.') + QString::fromStdString(e.parameter()),
                 QString::fromUtf8(e.what()));
        }
        return p;
    }

private:
    QString m_file;
    QString m_step;
};

CourseStep readStep(const QString& file, int index, const QJsonValue& value) {
    StepReader reader(file, QStringLiteral("#%1").arg(index + 1));
    if (!value.isObject()) {
        reader.fail(QStringLiteral("(step)"), QStringLiteral("expected an object"));
    }
    const QJsonObject json = value.toObject();
    CourseStep step;
    step.id = reader.string(json, QStringLiteral("id"), QStringLiteral("id"));
    static const QRegularExpression kebab(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
    if (!kebab.match(step.id).hasMatch()) {
        reader.fail(QStringLiteral("id"), QStringLiteral("'%1' is not kebab-case").arg(step.id));
    }
    reader = StepReader(file, step.id);
    reader.onlyKeys(json, kStepKeys, QString());

    step.panel = reader.string(json, QStringLiteral("panel"), QStringLiteral("panel"));
    const Figure* figure = findFigure(step.panel.toStdString());
    if (figure == nullptr) {
        QStringList ids;
        for (const Figure& f : allFigures()) {
            ids << figureId(f);
        }
        reader.fail(QStringLiteral("panel"), QStringLiteral("no panel '%1' (panels: %2)")
                                                 .arg(step.panel, ids.join(QStringLiteral(", "))));
    }

    step.params = reader.params(reader.object(json, QStringLiteral("params"), false));

    const OptionCheck check =
        checkOptions(step.panel, figure->options(),
                     reader.object(json, QStringLiteral("options"), false).toVariantMap());
    if (!check.problems.isEmpty()) {
        reader.fail(QStringLiteral("options"), check.problems.join(QStringLiteral("; ")));
    }
    step.options = check.accepted;

    const QString kind = reader.string(json, QStringLiteral("kind"), QStringLiteral("kind"));
    if (!kKinds.contains(kind)) {
        reader.fail(QStringLiteral("kind"), QStringLiteral("unknown kind '%1' (valid: %2)")
                                                .arg(kind, kKinds.join(QStringLiteral(", "))));
    }
    step.kind = static_cast<CourseKind>(kKinds.indexOf(kind));

    const QJsonObject answer = reader.object(json, QStringLiteral("answer"), true);
    reader.onlyKeys(answer, names({"function", "args", "state"}), QStringLiteral("answer"));
    const auto readCall = [&](const QJsonObject& call, const QString& where, QString* id,
                              QStringList exempt) {
        *id = reader.string(call, QStringLiteral("function"), where + QStringLiteral(".function"));
        const CourseAnswerFunction* function = nullptr;
        QStringList functionIds;
        for (const CourseAnswerFunction& f : courseAnswerFunctions()) {
            functionIds << QLatin1String(f.id);
            if (*id == QLatin1String(f.id)) {
                function = &f;
            }
        }
        if (function == nullptr) {
            reader.fail(where + QStringLiteral(".function"),
                        QStringLiteral("unknown answer function '%1' (valid: %2)")
                            .arg(*id, functionIds.join(QStringLiteral(", "))));
        }
        const QJsonObject args = call.value(QStringLiteral("args")).toObject();
        reader.onlyKeys(args, function->args, where + QStringLiteral(".args"));
        for (const QString& name : function->args) {
            const QJsonValue v = args.value(name);
            if (!exempt.contains(name) && !v.isDouble() && !v.isString()) {
                reader.fail(where + QStringLiteral(".args.") + name,
                            QStringLiteral("missing (a number or an id)"));
            }
        }
        for (const QString& name : exempt) {
            if (!function->args.contains(name)) {
                reader.fail(where,
                            QStringLiteral("'%1' is not an argument of '%2'").arg(name, *id));
            }
        }
        return args.toVariantMap();
    };
    for (const QJsonValue& key : answer.value(QStringLiteral("state")).toArray()) {
        step.stateKeys << key.toString();
    }
    step.answerArgs = readCall(answer, QStringLiteral("answer"), &step.answerFunction, {});
    if (step.kind == CourseKind::Find) {
        if (step.stateKeys.isEmpty()) {
            reader.fail(QStringLiteral("answer.state"),
                        QStringLiteral("a find step reads at least one argument from the panel"));
        }
        for (const QString& key : step.stateKeys) {
            if (!step.answerArgs.contains(key)) {
                reader.fail(QStringLiteral("answer.state"),
                            QStringLiteral("'%1' is not an argument of the answer").arg(key));
            }
        }
        if (!json.value(QStringLiteral("accept")).isObject()) {
            reader.fail(QStringLiteral("accept"), QStringLiteral("a find step needs one"));
        }
        step.accept =
            reader.range(json.value(QStringLiteral("accept")).toObject(), QStringLiteral("accept"));
    } else if (!step.stateKeys.isEmpty() || json.contains(QStringLiteral("accept"))) {
        reader.fail(QStringLiteral("accept"), QStringLiteral("only find steps read the panel"));
    }

    for (const QJsonValue& c : json.value(QStringLiteral("choices")).toArray()) {
        const QJsonObject o = c.toObject();
        CourseChoice choice;
        choice.id = reader.string(o, QStringLiteral("id"), QStringLiteral("choices.id"));
        if (o.contains(QStringLiteral("min")) || o.contains(QStringLiteral("max"))) {
            choice.when = reader.range(o, QStringLiteral("choices.") + choice.id, names({"id"}));
        } else {
            // A wrong idea whatever the answer: an empty range.
            reader.onlyKeys(o, names({"id"}), QStringLiteral("choices.") + choice.id);
            choice.when = {std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()};
        }
        step.choices.push_back(choice);
    }
    const bool needsChoices = step.kind == CourseKind::Choice;
    const bool mayHaveChoices = needsChoices || step.kind == CourseKind::Predict;
    if (needsChoices && step.choices.size() < 2) {
        reader.fail(QStringLiteral("choices"), QStringLiteral("a choice step needs two or more"));
    }
    if (!mayHaveChoices && !step.choices.empty()) {
        reader.fail(QStringLiteral("choices"), QStringLiteral("only choice and predict steps"));
    }

    const QJsonValue tolerance = json.value(QStringLiteral("tolerance"));
    const QJsonValue relative = json.value(QStringLiteral("relative-tolerance"));
    const bool typed = (step.kind == CourseKind::Number || step.kind == CourseKind::Predict) &&
                       step.choices.empty();
    if (typed) {
        // An absolute tolerance (a count, an angle), a relative one (a computed real such as a
        // base or a wavelength, whose rounded value a student types), or both (the larger wins).
        if (tolerance.isUndefined() && relative.isUndefined()) {
            reader.fail(QStringLiteral("tolerance"),
                        QStringLiteral("a typed answer needs \"tolerance\" or "
                                       "\"relative-tolerance\""));
        }
        if (!tolerance.isUndefined()) {
            if (!tolerance.isDouble() || !std::isfinite(tolerance.toDouble()) ||
                tolerance.toDouble() < 0) {
                reader.fail(QStringLiteral("tolerance"), QStringLiteral("expected a number ≥ 0"));
            }
            step.tolerance = tolerance.toDouble();
        }
        if (!relative.isUndefined()) {
            // Below 1: a tolerance of 100 % would accept 0 for every answer.
            if (!relative.isDouble() || !(relative.toDouble() >= 0 && relative.toDouble() < 1)) {
                reader.fail(QStringLiteral("relative-tolerance"),
                            QStringLiteral("expected a fraction in [0, 1)"));
            }
            step.relativeTolerance = relative.toDouble();
        }
    } else if (!tolerance.isUndefined() || !relative.isUndefined()) {
        reader.fail(tolerance.isUndefined() ? QStringLiteral("relative-tolerance")
                                            : QStringLiteral("tolerance"),
                    QStringLiteral("only for typed answers"));
    }

    if (json.contains(QStringLiteral("require"))) {
        if (step.kind != CourseKind::Number) {
            reader.fail(QStringLiteral("require"), QStringLiteral("only number steps"));
        }
        const QJsonObject r = reader.object(json, QStringLiteral("require"), true);
        CourseRequirement req;
        req.input = reader.string(r, QStringLiteral("input"), QStringLiteral("require.input"));
        req.accept =
            reader.range(r, QStringLiteral("require"), names({"function", "args", "input"}));
        req.args = readCall(r, QStringLiteral("require"), &req.function, {req.input});
        step.requirement = req;
    }

    if (json.contains(QStringLiteral("reveal"))) {
        if (step.kind != CourseKind::Predict) {
            reader.fail(QStringLiteral("reveal"), QStringLiteral("only predict steps"));
        }
        const QJsonObject r = reader.object(json, QStringLiteral("reveal"), true);
        reader.onlyKeys(r, names({"params", "options"}), QStringLiteral("reveal"));
        step.revealParams = reader.params(reader.object(r, QStringLiteral("params"), false),
                                          step.params, QStringLiteral("reveal.params"));
        FigureOptions merged = step.options;
        const QVariantMap extra = reader.object(r, QStringLiteral("options"), false).toVariantMap();
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            merged.insert(it.key(), it.value());
        }
        const OptionCheck revealCheck = checkOptions(step.panel, figure->options(), merged);
        if (!revealCheck.problems.isEmpty()) {
            reader.fail(QStringLiteral("reveal.options"),
                        revealCheck.problems.join(QStringLiteral("; ")));
        }
        step.revealOptions = revealCheck.accepted;
    } else if (step.kind == CourseKind::Predict) {
        reader.fail(QStringLiteral("reveal"), QStringLiteral("a predict step needs one"));
    }

    for (const QJsonValue& h : json.value(QStringLiteral("hints")).toArray()) {
        const QJsonObject o = h.toObject();
        CourseHint hint;
        hint.id = reader.string(o, QStringLiteral("id"), QStringLiteral("hints.id"));
        const QString where = QStringLiteral("hints.") + hint.id;
        if (o.contains(QStringLiteral("choice"))) {
            reader.onlyKeys(o, names({"id", "choice"}), where);
            hint.choice =
                reader.string(o, QStringLiteral("choice"), where + QStringLiteral(".choice"));
            const bool known =
                std::any_of(step.choices.begin(), step.choices.end(),
                            [&](const CourseChoice& c) { return c.id == hint.choice; });
            if (!known) {
                reader.fail(where + QStringLiteral(".choice"),
                            QStringLiteral("no choice '%1'").arg(hint.choice));
            }
        } else if (o.contains(QStringLiteral("failing"))) {
            reader.onlyKeys(o, names({"id", "failing"}), where);
            if (!step.requirement || !o.value(QStringLiteral("failing")).toBool()) {
                reader.fail(where, QStringLiteral("\"failing\": true needs a requirement"));
            }
            hint.failing = true;
        } else {
            hint.range = reader.range(o, where, names({"id"}));
        }
        // A hint's text is looked up by its id: a second hint with the same id would show the
        // first one's text for a different wrong answer (and the handout would print it twice).
        const bool repeated =
            std::any_of(step.hints.begin(), step.hints.end(),
                        [&](const CourseHint& other) { return other.id == hint.id; });
        if (repeated) {
            reader.fail(where, QStringLiteral("duplicate hint id"));
        }
        step.hints.push_back(hint);
    }
    if (step.hints.empty()) {
        reader.fail(QStringLiteral("hints"), QStringLiteral("every step has hints"));
    }

    const QJsonObject texts = reader.object(json, QStringLiteral("text"), true);
    if (!texts.contains(QStringLiteral("en"))) {
        reader.fail(QStringLiteral("text.en"), QStringLiteral("missing (English is the source)"));
    }
    for (auto it = texts.begin(); it != texts.end(); ++it) {
        const QString where = QStringLiteral("text.") + it.key();
        if (!it.value().isObject()) {
            reader.fail(where, QStringLiteral("expected an object"));
        }
        const QJsonObject t = it.value().toObject();
        reader.onlyKeys(t, kTextKeys, where);
        CourseText ct;
        ct.title = reader.string(t, QStringLiteral("title"), where + QStringLiteral(".title"));
        ct.task = reader.string(t, QStringLiteral("task"), where + QStringLiteral(".task"));
        ct.question =
            reader.string(t, QStringLiteral("question"), where + QStringLiteral(".question"));
        ct.solution =
            reader.string(t, QStringLiteral("solution"), where + QStringLiteral(".solution"));
        const QJsonObject choiceTexts = t.value(QStringLiteral("choices")).toObject();
        QStringList choiceIds;
        for (const CourseChoice& c : step.choices) {
            choiceIds << c.id;
            ct.choices.insert(
                c.id, reader.string(choiceTexts, c.id, where + QStringLiteral(".choices.") + c.id));
        }
        reader.onlyKeys(choiceTexts, choiceIds, where + QStringLiteral(".choices"));
        const QJsonObject hintTexts = t.value(QStringLiteral("hints")).toObject();
        QStringList hintIds;
        for (const CourseHint& h : step.hints) {
            hintIds << h.id;
            ct.hints.insert(
                h.id, reader.string(hintTexts, h.id, where + QStringLiteral(".hints.") + h.id));
        }
        reader.onlyKeys(hintTexts, hintIds, where + QStringLiteral(".hints"));
        step.texts.insert(it.key(), ct);
    }
    return step;
}

} // namespace

const std::vector<CourseAnswerFunction>& courseAnswerFunctions() {
    static const std::vector<CourseAnswerFunction> functions = {
        {"first-pair-wavelength-above", names({"base", "dim", "tokens"}),
         "smallest pair index i with wavelength 2*pi*base^(2i/dim) > tokens",
         &firstPairWavelengthAbove},
        {"pairs-wavelength-above", names({"base", "dim", "tokens"}),
         "how many pairs have wavelength 2*pi*base^(2i/dim) > tokens", &pairsWavelengthAbove},
        {"critical-dimension", names({"base", "dim", "tokens"}),
         "Liu et al.'s critical dimension 2*ceil((dim/2)*log_base(tokens/(2*pi)))",
         &criticalDimension},
        {"pair-wavelength", names({"base", "dim", "pair"}),
         "wavelength 2*pi*base^(2i/dim) of pair i (tokens)", &pairWavelength},
        {"rotation-angle-deg", names({"base", "dim", "pair", "position"}),
         "angle position*theta_i of pair i, in degrees reduced to [0, 360)", &rotationAngleDegrees},
        {"slowest-period", names({"base", "dim"}),
         "period 2*pi*base^((dim-2)/dim) of the slowest pair (tokens)", &slowestPeriod},
        {"quarter-turn-context", names({"base", "dim"}),
         "distance (pi/2)*base^((dim-2)/dim) at which the slowest pair turns 90 degrees",
         &quarterTurnContext},
        {"first-negative-distance", names({"base", "dim", "limit"}),
         "first distance m < limit where sum_i cos(m*theta_i) < 0", &firstNegativeDistance},
        {"minimal-base", names({"context", "dim"}),
         "smallest base keeping sum_i cos(m*theta_i) >= 0 for all m < context", &minimalBase},
        {"mean-cosine", names({"base", "dim", "distance"}),
         "mean over pairs of cos(distance*theta_i)", &meanCosine},
        {"scaled-pair-wavelength",
         names({"method", "factor", "original-context", "base", "dim", "pair"}),
         "wavelength 2*pi/theta'_i of pair i after a scaling method (tokens)",
         &scaledPairWavelength},
        {"attention-factor", names({"method", "factor", "original-context", "base", "dim"}),
         "attention factor of a scaling method (YaRN: 0.1*ln(factor) + 1)", &attentionFactor},
        {"distinct-positions", names({"format", "length"}),
         "how many distinct values positions 0 ... length-1 take in a float format",
         &distinctPositions},
        {"format-spacing", names({"format", "value"}),
         "spacing between representable numbers of a float format at value", &formatSpacing},
        {"half-layout-index", names({"dim", "index"}),
         "where interleaved element index lands in the rotate-half layout", &halfLayoutIndex},
        {"relativity-residual", names({"base", "dim", "m", "n"}),
         "max |R_m^T R_n - R_(n-m)| in double", &relativityResidual},
        {"rotation-angle-rad", names({"base", "dim", "pair", "position"}),
         "angle position*theta_i of pair i in radians, not reduced", &rotationAngleRadians},
        {"first-negative-or-limit", names({"base", "dim", "limit"}),
         "first distance m < limit where sum_i cos(m*theta_i) < 0, or limit if none",
         &firstNegativeOrLimit},
        {"mean-cosine-rises", names({"base", "dim", "limit"}),
         "how many r in [1, limit) have mean cosine at r+1 above that at r", &meanCosineRises},
        {"repeated-token-difference", names({"encoding"}),
         "max difference of the toy layer's outputs for the two equal tokens (none, sinusoidal, "
         "rope)",
         &repeatedTokenDifference},
        {"linear-shift-residual", names({"scheme", "dim", "positions", "shift"}),
         "residual of the best fixed matrix W with PE(p+shift) = W PE(p)", &linearShiftResidual},
        {"collision-gap", names({"base", "dim", "pair", "tolerance-deg", "limit"}),
         "smallest gap p <= limit with p*theta_i within tolerance-deg of a whole turn",
         &collisionGap},
        {"shifted-score-change", names({"encoding", "base", "dim", "m", "n", "shift"}),
         "|score(m+shift, n+shift) - score(m, n)| for rope or a sin-only encoding",
         &shiftedScoreChange},
        {"norm-change", names({"base", "dim", "position"}),
         "||R_m x| - |x|| for x = (1, 2, ..., dim)", &normChange},
        {"relativity-2d-residual", names({"base", "dim", "x1", "y1", "x2", "y2"}),
         "max |R_(x1,y1)^T R_(x2,y2) - R_(x2-x1,y2-y1)| of 2D RoPE", &relativity2d},
        {"commutator-2d", names({"base", "dim"}), "norm of [B1, B2] for the generators of 2D RoPE",
         &commutator2d},
        {"mrope-axis", names({"temporal", "height", "width", "layout", "pair"}),
         "axis (0 temporal, 1 height, 2 width) of pair i under an mrope_section", &mropeAxis},
        {"kv-cache-score-gap",
         names({"dim", "base", "factor", "original-context", "cached-len", "seq-len", "query-pos",
                "key-pos"}),
         "|score with today's frequencies - score with the cached key's| under dynamic NTK",
         &kvCacheScoreGap},
        {"synthetic-weights-peak-pair", names({"model"}),
         "pair with the largest mean |W_q^(i)|*|W_k^(i)| of the bundled synthetic model",
         &syntheticWeightsPeakPair},
        {"rope-table-mib", names({"rows", "pairs"}),
         "MiB of a float cos/sin table for rows x pairs", &ropeTableMebibytes},
        {"rotating-pairs", names({"base", "dim", "rotary-dim"}),
         "number of pairs that rotate (rotary-dim / 2)", &rotatingPairs},
        {"scheme-permutation-residual", names({"scheme", "length", "dim", "seed", "base"}),
         "max |output change| of a position scheme when T distinct tokens are reversed",
         &schemePermutationResidual},
        {"scheme-diagonal-spread", names({"scheme", "length", "dim", "seed", "base"}),
         "largest spread of a scheme's scores along a diagonal, one token repeated",
         &schemeDiagonalSpread},
        {"alibi-slope", names({"heads", "head"}), "ALiBi slope of head h of n (Press et al.)",
         &alibiSlope},
        {"lab-first-to-accuracy",
         names({"task", "schemes", "seeds", "steps", "length", "d-model", "layers", "base",
                "accuracy"}),
         "index in schemes of the scheme whose seeds first reach the batch accuracy on average "
         "(training-lab race, trained; a seed that never does counts as steps+1; -1 if none)",
         &courseLabFirstToAccuracy},
        {"lab-accuracy-at-length",
         names({"task", "scheme", "seeds", "steps", "length", "d-model", "layers", "base",
                "multiple"}),
         "held-out accuracy at multiple*L of one scheme of the training-lab race, mean over "
         "seeds (trained)",
         &courseLabAccuracyAtLength},
        {"lab-length-gain",
         names({"task", "seeds", "steps", "length", "d-model", "layers", "base", "finetune-steps",
                "method", "fine-tuned", "multiple"}),
         "RoPE's held-out accuracy at multiple*L with a scaling method (at test time, or "
         "fine-tuned with it) minus its unscaled accuracy there, mean over seeds (training-lab "
         "length view, trained)",
         &courseLabLengthGain},
    };
    return functions;
}

CourseText CourseStep::text(const QString& language, double answer) const {
    CourseText t = texts.value(language, texts.value(QStringLiteral("en")));
    const QString value = formatCourseNumber(answer);
    for (QString* s : {&t.title, &t.task, &t.question, &t.solution}) {
        s->replace(QStringLiteral("{{answer}}"), value);
    }
    for (QString& s : t.choices) {
        s.replace(QStringLiteral("{{answer}}"), value);
    }
    for (QString& s : t.hints) {
        s.replace(QStringLiteral("{{answer}}"), value);
    }
    return t;
}

std::vector<CourseStep> loadCourse(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        throw CourseError(
            QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()).toStdString());
    }
    if (file.size() > kMaxCourseBytes) {
        throw CourseError(QStringLiteral("%1: larger than %2 bytes, not a course")
                              .arg(path)
                              .arg(kMaxCourseBytes)
                              .toStdString());
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        throw CourseError(QStringLiteral("%1: not a JSON object (%2 at offset %3)")
                              .arg(path, parseError.errorString())
                              .arg(parseError.offset)
                              .toStdString());
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("rope-explorer-course")) {
        throw CourseError(QStringLiteral("%1: format: expected \"rope-explorer-course\"")
                              .arg(path)
                              .toStdString());
    }
    if (root.value(QStringLiteral("version")).toInt(-1) != 2) {
        throw CourseError(QStringLiteral("%1: version: expected 2").arg(path).toStdString());
    }
    const QJsonValue stepsValue = root.value(QStringLiteral("steps"));
    if (!stepsValue.isArray() || stepsValue.toArray().isEmpty()) {
        throw CourseError(
            QStringLiteral("%1: steps: expected a non-empty array").arg(path).toStdString());
    }
    std::vector<CourseStep> steps;
    std::set<QString> ids;
    const QJsonArray array = stepsValue.toArray();
    for (int k = 0; k < array.size(); ++k) {
        CourseStep step = readStep(path, k, array[k]);
        if (!ids.insert(step.id).second) {
            throw CourseError(
                QStringLiteral("%1: step '%2': id: used twice").arg(path, step.id).toStdString());
        }
        steps.push_back(std::move(step));
    }
    return steps;
}

const std::vector<CourseStep>& builtinCourse() {
    static const std::vector<CourseStep> steps = loadCourse();
    return steps;
}

const CourseStep* findCourseStep(const std::vector<CourseStep>& steps, const QString& id) {
    for (const CourseStep& step : steps) {
        if (step.id == id) {
            return &step;
        }
    }
    return nullptr;
}

namespace {
// The test hook of setCourseAnswerObserver() (course.h says why it is process-wide and safe).
std::atomic<CourseAnswerObserver> g_answerObserver{nullptr};
static_assert(std::atomic<CourseAnswerObserver>::is_always_lock_free);
} // namespace

CourseAnswerObserver setCourseAnswerObserver(CourseAnswerObserver observer) {
    return g_answerObserver.exchange(observer);
}

double courseAnswer(const CourseStep& step) {
    if (const CourseAnswerObserver observer = g_answerObserver.load()) {
        observer(step);
    }
    for (const CourseAnswerFunction& f : courseAnswerFunctions()) {
        if (step.answerFunction == QLatin1String(f.id)) {
            try {
                return f.compute(step.answerArgs);
            } catch (const std::invalid_argument& e) {
                throw CourseError(QStringLiteral("step '%1': answer.args: %2")
                                      .arg(step.id, QString::fromUtf8(e.what()))
                                      .toStdString());
            }
        }
    }
    throw CourseError(QStringLiteral("step '%1': answer.function: unknown '%2'")
                          .arg(step.id, step.answerFunction)
                          .toStdString());
}

const char* courseKindId(CourseKind kind) noexcept {
    switch (kind) {
    case CourseKind::Number:
        return "number";
    case CourseKind::Choice:
        return "choice";
    case CourseKind::Predict:
        return "predict";
    case CourseKind::Find:
        return "find";
    }
    return "number";
}

QVariantMap courseState(const rope::RopeParams& params, const FigureOptions& options) {
    QVariantMap state = options;
    state.insert(QStringLiteral("dim"), params.headDim);
    state.insert(QStringLiteral("rotary-dim"), params.rotaryDim);
    state.insert(QStringLiteral("base"), params.base);
    state.insert(QStringLiteral("m"), static_cast<double>(params.m));
    state.insert(QStringLiteral("n"), static_cast<double>(params.n));
    state.insert(QStringLiteral("context"), static_cast<double>(params.context));
    state.insert(QStringLiteral("method"), rope::io::scalingIdText(params.scaling.method));
    state.insert(QStringLiteral("factor"), params.scaling.factor);
    state.insert(QStringLiteral("original-context"), params.scaling.originalContext);
    return state;
}

CourseStep courseStepAtState(const CourseStep& step, const QVariantMap& state) {
    CourseStep at = step;
    for (const QString& key : step.stateKeys) {
        bool ok = false;
        const double v = state.value(key).toDouble(&ok);
        if (!state.contains(key) || !ok || !std::isfinite(v)) {
            throw CourseError(QStringLiteral("step '%1': state: '%2' is missing or not a number")
                                  .arg(step.id, key)
                                  .toStdString());
        }
        at.answerArgs.insert(key, v);
    }
    return at;
}

std::optional<CourseStep> courseRequirementStep(const CourseStep& step, double typed) {
    if (!step.requirement) {
        return std::nullopt;
    }
    CourseStep req = step;
    req.answerFunction = step.requirement->function;
    req.answerArgs = step.requirement->args;
    req.answerArgs.insert(step.requirement->input, typed);
    return req;
}

QString correctCourseChoice(const CourseStep& step, double expected) {
    for (const CourseChoice& c : step.choices) {
        if (c.when.contains(expected)) {
            return c.id;
        }
    }
    return {};
}

CourseVerdict judgeCourseAnswer(const CourseStep& step, const CourseResponse& response,
                                double expected, std::optional<double> requirementValue) {
    CourseVerdict verdict;
    bool requirementFailed = false;
    if (step.kind == CourseKind::Find) {
        verdict.correct = std::isfinite(response.number) && step.accept->contains(response.number);
    } else if (step.answeredByChoice()) {
        verdict.correct = response.choice == correctCourseChoice(step, expected);
    } else {
        verdict.correct = isCourseAnswerCorrect(step, response.number, expected);
        if (step.requirement) {
            // Without the requirement's value the answer cannot be confirmed; a value that
            // fails it names the failure (the "failing" hint).
            requirementFailed =
                requirementValue && !step.requirement->accept.contains(*requirementValue);
            verdict.correct = verdict.correct && requirementValue && !requirementFailed;
        }
    }
    if (verdict.correct) {
        return verdict;
    }
    for (const CourseHint& hint : step.hints) {
        const bool matches = step.answeredByChoice()
                                 ? hint.choice == response.choice && !hint.choice.isEmpty()
                                 : (hint.failing && requirementFailed) ||
                                       (hint.range && std::isfinite(response.number) &&
                                        hint.range->contains(response.number));
        if (matches) {
            verdict.hint = hint.id;
            break;
        }
    }
    return verdict;
}

QString courseHintText(const CourseStep& step, const QString& hintId, const QString& language,
                       double value, double answer) {
    QString text = step.text(language, answer).hints.value(hintId);
    return text.replace(QStringLiteral("{{value}}"), formatCourseNumber(value));
}

bool isCourseAnswerCorrect(const CourseStep& step, double answer) {
    return isCourseAnswerCorrect(step, answer, courseAnswer(step));
}

double courseTolerance(const CourseStep& step, double expected) {
    return std::max(step.tolerance, step.relativeTolerance * std::abs(expected));
}

bool isCourseAnswerCorrect(const CourseStep& step, double answer, double expected) {
    return std::isfinite(answer) && std::isfinite(expected) &&
           std::abs(answer - expected) <= courseTolerance(step, expected);
}

double courseHintTypicalValue(const CourseStep& step, const CourseHint& hint, double answer) {
    if (!hint.range) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const CourseRange& r = *hint.range;
    if (!std::isfinite(r.min) || !std::isfinite(r.max)) {
        return step.kind == CourseKind::Find ? answer : std::numeric_limits<double>::quiet_NaN();
    }
    // The midpoint rounded to 1, 2, … significant digits: the first rounding inside the middle
    // half of the range is the number a student would have typed (the middle half keeps it near
    // the value the range was drawn around: 24 400 for 24 000 … 24 800, not 24 000). A range
    // between two integers keeps an integer answer, so its rounding must be an integer; failing
    // that, the first rounding inside the whole range (17 digits always are: the midpoint).
    const double mid = 0.5 * (r.min + r.max);
    const double quarter = 0.25 * (r.max - r.min);
    const CourseRange middle{r.min + quarter, r.max - quarter};
    const bool integerEnds = r.min == std::round(r.min) && r.max == std::round(r.max);
    const CourseRange passes[] = {middle, r};
    for (int pass = 0; pass < 2; ++pass) {
        for (int digits = 1; digits <= 17; ++digits) {
            const double rounded = QString::number(mid, 'g', digits).toDouble();
            if (passes[pass].contains(rounded) &&
                (pass == 1 || !integerEnds || rounded == std::round(rounded))) {
                return rounded;
            }
        }
    }
    return mid;
}

QString formatCourseNumber(double value) {
    if (std::isfinite(value) && value == std::round(value) && std::abs(value) < 1e15) {
        return QString::number(static_cast<long long>(value));
    }
    const QString plain = QString::number(value, 'g', 6);
    if (!std::isfinite(value) || !plain.contains(QLatin1Char('e'))) {
        return plain;
    }
    // Typeset, as a handout prints it: 2.04736e+07 becomes 2.047·10⁷ (four significant
    // digits, the exponent as a superscript, minus signs U+2212).
    const QString text = QString::number(std::abs(value), 'e', 3);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    QString mantissa = text.left(e);
    while (mantissa.endsWith(QLatin1Char('0'))) {
        mantissa.chop(1);
    }
    if (mantissa.endsWith(QLatin1Char('.'))) {
        mantissa.chop(1);
    }
    const int exponent = text.mid(e + 1).toInt();
    return (value < 0 ? QString(QChar(0x2212)) : QString()) + mantissa + QStringLiteral("·10") +
           superscriptNumber(QString::number(exponent));
}

} // namespace rope::figures
