// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/animation_sweep.h"

#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace rope::figures {

namespace {

// One shared parameter a sweep can move: a base parameter (core/param_fields.h) or a scaling
// field (core/scaling/scaling_fields.h), both read and written through their table's row.
struct SweepParameter {
    std::string_view key;
    bool integer = false;
    bool logarithmic = false;
    // Checked here as well as by rope::validate(), which leaves a factor the default method
    // ignores unchecked: [1, 1e6] is the range every scaling method accepts.
    double min = -HUGE_VAL;
    double max = HUGE_VAL;
    const rope::ParamField* param = nullptr;
    const rope::ScalingField* scaling = nullptr;

    void set(rope::RopeParams& p, double v) const {
        if (param != nullptr) {
            rope::setParamFieldNumber(p, *param, v);
        } else {
            rope::setScalingFieldNumber(p.scaling, *scaling, v);
        }
    }
    double get(const rope::RopeParams& p) const {
        return param != nullptr ? rope::paramFieldNumber(p, *param)
                                : rope::scalingFieldNumber(p.scaling, *scaling);
    }
};

// Positions and lengths are whole tokens; a base spans decades (its row's logScale), so equal
// frame steps are equal ratios (10³ → 10⁶ moves one decade per third of the frames). The
// order is the one --help and the error messages list.
const std::vector<SweepParameter>& sweepParameters() {
    static const std::vector<SweepParameter> parameters = [] {
        const auto base = [](std::string_view id) {
            const rope::ParamField* f = rope::findParamField(id);
            return SweepParameter{.key = id,
                                  .integer = f->kind == rope::ParamKind::Integer,
                                  .logarithmic = f->logScale,
                                  .param = f};
        };
        const auto scaling = [](std::string_view id, double min, double max) {
            return SweepParameter{
                .key = id, .min = min, .max = max, .scaling = rope::findScalingField(id)};
        };
        return std::vector<SweepParameter>{
            base(rope::param::kM),
            base(rope::param::kN),
            base(rope::param::kBase),
            scaling(rope::field::kFactor, 1, 1e6),
            base(rope::param::kContext),
            scaling(rope::field::kBetaFast, 1e-6, 1e6),
            scaling(rope::field::kBetaSlow, 1e-6, 1e6),
        };
    }();
    return parameters;
}

QString keyText(std::string_view key) {
    return QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size()));
}

const SweepParameter* findParameter(const QString& key) {
    for (const SweepParameter& p : sweepParameters()) {
        if (key == keyText(p.key)) {
            return &p;
        }
    }
    return nullptr;
}

bool numeric(OptionKind kind) {
    return kind == OptionKind::Integer || kind == OptionKind::Real || kind == OptionKind::LogReal;
}

std::string number(double v) {
    return QString::number(v, 'g', 10).toStdString();
}

} // namespace

QStringList sweepParameterKeys() {
    QStringList keys;
    for (const SweepParameter& p : sweepParameters()) {
        keys << keyText(p.key);
    }
    return keys;
}

QStringList sweepKeys(const Figure& figure) {
    QStringList keys;
    for (const OptionSpec& spec : figure.options()) {
        if (numeric(spec.kind)) {
            keys << QString::fromLatin1(spec.id);
        }
    }
    return keys + sweepParameterKeys();
}

AnimationSweep planSweep(const Figure& figure, const rope::RopeParams& params, const QString& key,
                         double from, double to, int frames) {
    const std::string panel(figure.id);
    const std::string k = key.toStdString();
    if (frames < kMinSweepFrames || frames > kMaxSweepFrames) {
        throw SweepError("--frames must be in [" + std::to_string(kMinSweepFrames) + ", " +
                         std::to_string(kMaxSweepFrames) + "], got " + std::to_string(frames));
    }
    if (!std::isfinite(from) || !std::isfinite(to)) {
        throw SweepError("--from and --to must be finite numbers");
    }
    AnimationSweep sweep{.key = key, .from = from, .to = to, .frames = frames};
    if (const OptionSpec* spec = findOption(figure.options(), key)) {
        if (!numeric(spec->kind)) {
            throw SweepError("option '" + k + "' of panel '" + panel + "' is a " +
                             optionKindName(spec->kind) + ", not a number (numeric keys: " +
                             sweepKeys(figure).join(QStringLiteral(", ")).toStdString() + ")");
        }
        for (const double v : {from, to}) {
            if (v < spec->min || v > spec->max) {
                throw SweepError("'" + k + "' of panel '" + panel + "' must be in [" +
                                 number(spec->min) + ", " + number(spec->max) + "], got " +
                                 number(v));
            }
        }
        sweep.integer = spec->kind == OptionKind::Integer;
        sweep.logarithmic = spec->kind == OptionKind::LogReal;
        return sweep;
    }
    const SweepParameter* parameter = findParameter(key);
    if (parameter == nullptr) {
        throw SweepError("panel '" + panel + "' has no numeric option or parameter '" + k +
                         "' (numeric keys: " +
                         sweepKeys(figure).join(QStringLiteral(", ")).toStdString() + ")");
    }
    sweep.parameter = true;
    sweep.integer = parameter->integer;
    sweep.logarithmic = parameter->logarithmic;
    for (const double v : {from, to}) {
        if (parameter->integer && v != std::round(v)) {
            throw SweepError("'" + k + "' is a whole number, got " + number(v));
        }
        if (v < parameter->min || v > parameter->max) {
            throw SweepError("'" + k + "' must be in [" + number(parameter->min) + ", " +
                             number(parameter->max) + "], got " + number(v));
        }
        // Core's own checks (range of the base, factor ≥ 1, positions, …) name the problem.
        rope::RopeParams p = params;
        if (parameter->integer && std::abs(v) > rope::limits::kMaxPosition) {
            throw SweepError("'" + k + "' out of range: " + number(v));
        }
        parameter->set(p, v);
        try {
            rope::validate(p);
        } catch (const rope::InvalidParameter& e) {
            throw SweepError("'" + k + "' = " + number(v) + ": " + e.what());
        }
    }
    return sweep;
}

double sweepStartValue(const Figure& figure, const rope::RopeParams& params,
                       const FigureOptions& options, const QString& key) {
    if (const OptionSpec* spec = findOption(figure.options(), key)) {
        const QVariant v = options.value(key, spec->defaultValue);
        bool ok = false;
        const double d = v.toDouble(&ok);
        return ok ? d : spec->min;
    }
    if (const SweepParameter* parameter = findParameter(key)) {
        return parameter->get(params);
    }
    return 0;
}

double sweepValue(const AnimationSweep& sweep, int k) {
    if (k <= 0) {
        return sweep.from;
    }
    if (k >= sweep.frames - 1) {
        return sweep.to;
    }
    const double t = static_cast<double>(k) / (sweep.frames - 1);
    double v = 0;
    if (sweep.logarithmic && sweep.from > 0 && sweep.to > 0) {
        v = sweep.from * std::pow(sweep.to / sweep.from, t); // = exp(lerp(ln from, ln to, t))
    } else {
        v = sweep.from + (sweep.to - sweep.from) * t;
    }
    return sweep.integer ? std::round(v) : v;
}

void applySweep(const AnimationSweep& sweep, int k, rope::RopeParams& params,
                FigureOptions& options) {
    const double v = sweepValue(sweep, k);
    if (sweep.parameter) {
        findParameter(sweep.key)->set(params, v);
    } else if (sweep.integer) {
        options.insert(sweep.key, static_cast<qlonglong>(v));
    } else {
        options.insert(sweep.key, v);
    }
}

} // namespace rope::figures
