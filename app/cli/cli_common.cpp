// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"

#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"
#include "io/gguf.h"
#include "io/model_config.h"
#include "io/presets.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <variant>

namespace rope::cli {

namespace {

// --- Model start values (--preset, --config) -------------------------------------------------

void addModelOptions(QCommandLineParser& parser) {
    QStringList ids;
    for (const io::Preset& p : io::allPresets()) {
        ids << p.id;
    }
    parser.addOptions({
        {QStringLiteral("preset"),
         QStringLiteral("Start from a built-in model: ") + ids.join(QStringLiteral(", ")) +
             QStringLiteral(". Other flags override it."),
         QStringLiteral("ID")},
        {QStringLiteral("config"),
         QStringLiteral("Start from a Hugging Face config.json. Other flags override it."),
         QStringLiteral("PATH")},
        {QStringLiteral("gguf"),
         QStringLiteral("Start from a GGUF file's metadata (llama.cpp; weights are not read). "
                        "Other flags override it."),
         QStringLiteral("PATH")},
    });
}

} // namespace

std::optional<io::ModelConfigResult> modelConfigFrom(const QCommandLineParser& parser) {
    // optionNames(): a command without --gguf (isSet would warn about an unknown option).
    const bool preset = parser.optionNames().contains(QStringLiteral("preset"));
    const bool config = parser.optionNames().contains(QStringLiteral("config"));
    const bool gguf = parser.optionNames().contains(QStringLiteral("gguf"));
    if (!preset && !config && !gguf) {
        return std::nullopt;
    }
    if (int(preset) + int(config) + int(gguf) > 1) {
        throw UsageError("--preset, --config and --gguf are mutually exclusive");
    }
    const QString what =
        preset ? parser.value(QStringLiteral("preset"))
               : parser.value(config ? QStringLiteral("config") : QStringLiteral("gguf"));
    const io::ModelConfigResult r = preset   ? io::loadPreset(what)
                                    : config ? io::loadModelConfig(what)
                                             : io::loadGguf(what);
    if (!r.ok()) {
        const std::string name = preset ? "preset" : (config ? "config" : "gguf");
        throw InvalidParameter(name, "--" + name + " '" + what.toStdString() +
                                         "': " + r.errors.join(QStringLiteral("; ")).toStdString());
    }
    for (const QString& w : r.warnings) {
        std::cerr << "rope-cli: warning: " << what.toStdString() << ": " << w.toStdString() << '\n';
    }
    return r;
}

namespace {

// The model's RopeParams, or nullopt without --preset/--config. Any import error is fatal: a
// silently defaulted field would make the numbers look like the model's when they are not.
std::optional<RopeParams> modelParamsFrom(const QCommandLineParser& parser) {
    const std::optional<io::ModelConfigResult> r = modelConfigFrom(parser);
    if (!r) {
        return std::nullopt;
    }
    return r->params;
}

int toInt(long long v, const QString& flag) {
    if (v < -2147483647LL || v > 2147483647LL) {
        throw InvalidParameter(flag.toStdString(), "--" + flag.toStdString() +
                                                       " is out of range: " + std::to_string(v));
    }
    return static_cast<int>(v);
}

// "default|linear|…" from the registry, so a new method appears without edits here.
QString methodIds() {
    QStringList ids;
    for (const ScalingMethod& m : allScalingMethods()) {
        ids << QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
    }
    return ids.join(QLatin1Char('|'));
}

} // namespace

void addModelSourceOptions(QCommandLineParser& parser) {
    parser.addOptions({
        {QStringLiteral("preset"), QStringLiteral("A built-in model."), QStringLiteral("ID")},
        {QStringLiteral("config"), QStringLiteral("A Hugging Face config.json."),
         QStringLiteral("PATH")},
        {QStringLiteral("gguf"), QStringLiteral("A GGUF file (metadata only)."),
         QStringLiteral("PATH")},
    });
}

namespace {

// One option per base parameter of \p group, named and described by the core's table.
void addParamOptions(QCommandLineParser& parser, ParamFlagGroup group) {
    const RopeParams defaults;
    for (const ParamField& f : paramFields()) {
        if (f.flagGroup != group) {
            continue;
        }
        QCommandLineOption option(
            QString::fromUtf8(f.flag.data(), static_cast<qsizetype>(f.flag.size())),
            QString::fromUtf8(f.help.data(), static_cast<qsizetype>(f.help.size())),
            QString::fromUtf8(f.valueName.data(), static_cast<qsizetype>(f.valueName.size())));
        if (f.helpShowsDefault) {
            option.setDefaultValue(QString::number(paramFieldNumber(defaults, f), 'g', 17));
        }
        parser.addOption(option);
    }
}

// Reads the flags of \p group that were given into \p params (unset flags keep its value).
void readParamOptions(const QCommandLineParser& parser, ParamFlagGroup group, RopeParams& params) {
    for (const ParamField& f : paramFields()) {
        const QString flag =
            QString::fromUtf8(f.flag.data(), static_cast<qsizetype>(f.flag.size()));
        if (f.flagGroup != group || !parser.isSet(flag)) {
            continue;
        }
        if (f.kind == ParamKind::Real) {
            setParamFieldNumber(params, f, parseDouble(parser.value(flag), flag));
            continue;
        }
        long long v = parseInteger(parser.value(flag), flag);
        if (paramFieldIsInt(f)) {
            v = toInt(v, flag); // refuse rather than clamp a value the member cannot hold
        }
        setParamFieldNumber(params, f, static_cast<double>(v));
    }
}

} // namespace

void addRopeOptions(QCommandLineParser& parser) {
    addParamOptions(parser, ParamFlagGroup::Model);
    parser.addOptions({
        {QStringLiteral("method"),
         QStringLiteral("Scaling method: ") + methodIds() + QLatin1Char('.'), QStringLiteral("ID"),
         QStringLiteral("default")},
    });
    // One option per scaling field, named and described by the core's table.
    for (const ScalingField& f : scalingFields()) {
        const QString flag = QString::fromStdString(scalingFieldFlag(f));
        const QString help = QString::fromUtf8(f.help.data(), static_cast<qsizetype>(f.help.size()));
        if (f.kind == ScalingFieldKind::Toggle) {
            parser.addOption(QCommandLineOption(flag, help));
        } else {
            parser.addOption(QCommandLineOption(
                flag, help,
                QString::fromUtf8(f.valueName.data(), static_cast<qsizetype>(f.valueName.size()))));
        }
    }
    parser.addOptions({
        {QStringLiteral("max-context"),
         QStringLiteral("max_position_embeddings L; sets factor = L / original-context "
                        "(LongRoPE's s)."),
         QStringLiteral("L")},
    });
    addModelOptions(parser);
}

void addFigureViewOptions(QCommandLineParser& parser) {
    addParamOptions(parser, ParamFlagGroup::View);
}

QStringList parameterFlags() {
    QStringList flags;
    for (const ParamField& f : paramFields()) {
        flags << QString::fromUtf8(f.flag.data(), static_cast<qsizetype>(f.flag.size()));
    }
    flags << QStringLiteral("method") << QStringLiteral("layout") << QStringLiteral("max-context")
          << QStringLiteral("preset") << QStringLiteral("config") << QStringLiteral("gguf");
    for (const ScalingField& f : scalingFields()) {
        flags << QString::fromStdString(scalingFieldFlag(f));
    }
    return flags;
}

bool parseArguments(QCommandLineParser& parser, const QStringList& args) {
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        throw UsageError(parser.errorText().toStdString());
    }
    if (parser.isSet(help)) {
        // Qt's first help line names the executable path; name the subcommand instead.
        QString help = parser.helpText();
        const qsizetype firstLineEnd = help.indexOf(QLatin1Char('\n'));
        help = QStringLiteral("Usage: ") + args.value(0) + QStringLiteral(" [options]") +
               help.mid(firstLineEnd);
        std::cout << help.toStdString();
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        throw UsageError("unexpected argument '" + parser.positionalArguments().first().toStdString() +
                         "'");
    }
    return true;
}

double parseDouble(const QString& text, const QString& flag) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        throw InvalidParameter(flag.toStdString(), "--" + flag.toStdString() +
                                                       " expects a finite number, got '" +
                                                       text.toStdString() + "'");
    }
    return v;
}

long long parseInteger(const QString& text, const QString& flag) {
    bool ok = false;
    const long long v = text.trimmed().toLongLong(&ok);
    if (ok) {
        return v;
    }
    // Accept integral values in exponent form ("1e6") as course scripts often write them.
    const double d = parseDouble(text, flag);
    if (d != std::floor(d) || std::abs(d) > 9.0e15) {
        throw InvalidParameter(flag.toStdString(), "--" + flag.toStdString() +
                                                       " expects an integer, got '" +
                                                       text.toStdString() + "'");
    }
    return static_cast<long long>(d);
}

std::vector<double> parseDoubleList(const QString& text, const QString& flag) {
    std::vector<double> out;
    const QStringList items = text.split(QLatin1Char(','));
    for (const QString& item : items) {
        if (item.trimmed().isEmpty()) {
            throw InvalidParameter(flag.toStdString(), "--" + flag.toStdString() +
                                                           " has an empty item in '" +
                                                           text.toStdString() + "'");
        }
        out.push_back(parseDouble(item, flag));
    }
    return out;
}

QString requiredValue(const QCommandLineParser& parser, const QString& flag) {
    if (!parser.isSet(flag)) {
        throw UsageError("missing required option --" + flag.toStdString());
    }
    return parser.value(flag);
}

RopeParams ropeParamsFrom(const QCommandLineParser& parser) {
    const std::optional<RopeParams> model = modelParamsFrom(parser);
    RopeParams p = model.value_or(RopeParams{});
    // Options with a default value (--method) report that default even when not given; over a
    // model only explicitly given flags count.
    const auto given = [&](const char* f) {
        return !model || parser.isSet(QString::fromLatin1(f));
    };
    const auto has = [&](const char* f) { return parser.isSet(QString::fromLatin1(f)); };
    const auto integer = [&](const char* f) {
        return parseInteger(parser.value(QString::fromLatin1(f)), QString::fromLatin1(f));
    };
    // A flag not given keeps the model's value or RopeParams{}'s (the default --help shows).
    readParamOptions(parser, ParamFlagGroup::Model, p);
    ScalingParams& s = p.scaling;
    if (given("method")) {
        // Parsed at the flag: an unknown id is InvalidParameter("method") naming the known ids.
        s.method = scalingMethod(parser.value(QStringLiteral("method")).toStdString()).kind;
    }
    for (const ScalingField& f : scalingFields()) {
        const QString flag = QString::fromStdString(scalingFieldFlag(f));
        if (!parser.isSet(flag)) {
            continue;
        }
        switch (f.kind) {
        case ScalingFieldKind::Toggle:
            // A toggle whose default is on has only a --no-<id> flag.
            setScalingFieldNumber(s, f, flag.startsWith(QLatin1String("no-")) ? 0.0 : 1.0);
            break;
        case ScalingFieldKind::List:
            scalingFieldList(s, f) = parseDoubleList(parser.value(flag), flag);
            break;
        case ScalingFieldKind::Integer: {
            long long v = parseInteger(parser.value(flag), flag);
            if (std::holds_alternative<int ScalingParams::*>(f.member)) {
                v = toInt(v, flag); // refuse rather than clamp a value the member cannot hold
            }
            setScalingFieldNumber(s, f, static_cast<double>(v));
            break;
        }
        case ScalingFieldKind::Real:
            setScalingFieldNumber(s, f, parseDouble(parser.value(flag), flag));
            break;
        }
    }
    if (has("max-context")) {
        const std::string factor(field::kFactor);
        const std::string originalContext(field::kOriginalContext);
        if (has(factor.c_str())) {
            throw UsageError("give --" + factor + " or --max-context, not both (--max-context L sets " +
                             factor + " = L / " + originalContext + ")");
        }
        const long long maxContext = integer("max-context");
        if (maxContext < s.originalContext || maxContext > limits::kMaxContext) {
            throw InvalidParameter(
                "max-context",
                "max-context must be in [" + originalContext + " = " +
                    std::to_string(s.originalContext) +
                    ", 67108864], got " + std::to_string(maxContext));
        }
        s.factor = static_cast<double>(maxContext) / s.originalContext;
    }
    validate(p);
    return p;
}

RopeParams figureParamsFrom(const QCommandLineParser& parser) {
    RopeParams params = ropeParamsFrom(parser);
    // The figure commands' view: the context the plots cover and the two positions.
    readParamOptions(parser, ParamFlagGroup::View, params);
    validate(params);
    return params;
}

std::string jsonNumber(double value) {
    if (!std::isfinite(value)) {
        return "null";
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", value);
    return buf;
}

std::string jsonArray(const Eigen::Ref<const Eigen::ArrayXd>& values) {
    std::string out = "[";
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        out += jsonNumber(values[i]);
    }
    out += ']';
    return out;
}

std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

void printJson(const std::string& json) {
    std::cout << json << '\n';
}

} // namespace rope::cli
