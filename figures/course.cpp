// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/course.h"

#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/identities.h"
#include "core/precision.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/option_table.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <atomic>
#include <cmath>
#include <numbers>
#include <set>

namespace rope::figures {

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
    params.scaling.method = text(args, "method");
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

QStringList names(std::initializer_list<const char*> list) {
    QStringList out;
    for (const char* name : list) {
        out << QLatin1String(name);
    }
    return out;
}

const QStringList kParamKeys = names({"dim", "rotary-dim", "base", "m", "n", "context", "layout",
                                      "method", "factor", "original-context"});
const QStringList kTextKeys = names({"title", "task", "question", "explanation"});
const QStringList kStepKeys =
    names({"id", "panel", "params", "options", "answer", "tolerance", "text"});

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

    rope::RopeParams params(const QJsonObject& json) const {
        onlyKeys(json, kParamKeys, QStringLiteral("params"));
        rope::RopeParams p;
        auto num = [&](const QString& key, double fallback) {
            const QJsonValue v = json.value(key);
            if (v.isUndefined()) {
                return fallback;
            }
            if (!v.isDouble()) {
                fail(QStringLiteral("params.") + key, QStringLiteral("expected a number"));
            }
            return v.toDouble();
        };
        auto whole = [&](const QString& key, double fallback) {
            const double v = num(key, fallback);
            if (v != std::floor(v) || std::abs(v) > limits::kMaxPosition) {
                fail(QStringLiteral("params.") + key, QStringLiteral("expected an integer"));
            }
            return v;
        };
        p.headDim = static_cast<int>(whole(QStringLiteral("dim"), p.headDim));
        p.rotaryDim = static_cast<int>(whole(QStringLiteral("rotary-dim"), p.rotaryDim));
        p.base = num(QStringLiteral("base"), p.base);
        p.m = static_cast<long long>(whole(QStringLiteral("m"), static_cast<double>(p.m)));
        p.n = static_cast<long long>(whole(QStringLiteral("n"), static_cast<double>(p.n)));
        p.context = static_cast<long long>(
            whole(QStringLiteral("context"), static_cast<double>(p.context)));
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
                p.scaling.method =
                    string(json, QStringLiteral("method"), QStringLiteral("params.method"))
                        .toStdString();
                if (rope::findScalingMethod(p.scaling.method) == nullptr) {
                    fail(QStringLiteral("params.method"),
                         QStringLiteral("unknown method '%1'")
                             .arg(QString::fromStdString(p.scaling.method)));
                }
            }
            rope::validate(p);
        } catch (const rope::InvalidParameter& e) {
            fail(QStringLiteral("params.") + QString::fromStdString(e.parameter()),
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

    const QJsonObject answer = reader.object(json, QStringLiteral("answer"), true);
    reader.onlyKeys(answer, names({"function", "args"}), QStringLiteral("answer"));
    step.answerFunction =
        reader.string(answer, QStringLiteral("function"), QStringLiteral("answer.function"));
    const CourseAnswerFunction* function = nullptr;
    QStringList functionIds;
    for (const CourseAnswerFunction& f : courseAnswerFunctions()) {
        functionIds << QLatin1String(f.id);
        if (step.answerFunction == QLatin1String(f.id)) {
            function = &f;
        }
    }
    if (function == nullptr) {
        reader.fail(QStringLiteral("answer.function"),
                    QStringLiteral("unknown answer function '%1' (valid: %2)")
                        .arg(step.answerFunction, functionIds.join(QStringLiteral(", "))));
    }
    const QJsonObject args = answer.value(QStringLiteral("args")).toObject();
    reader.onlyKeys(args, function->args, QStringLiteral("answer.args"));
    for (const QString& name : function->args) {
        const QJsonValue v = args.value(name);
        if (!v.isDouble() && !v.isString()) {
            reader.fail(QStringLiteral("answer.args.") + name,
                        QStringLiteral("missing (a number or an id)"));
        }
    }
    step.answerArgs = args.toVariantMap();

    const QJsonValue tolerance = json.value(QStringLiteral("tolerance"));
    if (!tolerance.isDouble() || !std::isfinite(tolerance.toDouble()) || tolerance.toDouble() < 0) {
        reader.fail(QStringLiteral("tolerance"), QStringLiteral("expected a number ≥ 0"));
    }
    step.tolerance = tolerance.toDouble();

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
        ct.explanation =
            reader.string(t, QStringLiteral("explanation"), where + QStringLiteral(".explanation"));
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
    };
    return functions;
}

CourseText CourseStep::text(const QString& language, double answer) const {
    CourseText t = texts.value(language, texts.value(QStringLiteral("en")));
    const QString value = formatCourseNumber(answer);
    for (QString* s : {&t.title, &t.task, &t.question, &t.explanation}) {
        s->replace(QStringLiteral("{{answer}}"), value);
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
    if (root.value(QStringLiteral("version")).toInt(-1) != 1) {
        throw CourseError(QStringLiteral("%1: version: expected 1").arg(path).toStdString());
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
std::atomic<CourseAnswerObserver> g_answerObserver{nullptr};
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

bool isCourseAnswerCorrect(const CourseStep& step, double answer) {
    return isCourseAnswerCorrect(step, answer, courseAnswer(step));
}

bool isCourseAnswerCorrect(const CourseStep& step, double answer, double expected) {
    return std::isfinite(answer) && std::abs(answer - expected) <= step.tolerance;
}

QString formatCourseNumber(double value) {
    if (std::isfinite(value) && value == std::round(value) && std::abs(value) < 1e15) {
        return QString::number(static_cast<long long>(value));
    }
    return QString::number(value, 'g', 6);
}

} // namespace rope::figures
