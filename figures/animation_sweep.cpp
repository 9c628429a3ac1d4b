// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/animation_sweep.h"

#include <cmath>
#include <string>

namespace rope::figures {

namespace {

// One shared parameter a sweep can move: its session/CLI key and how to set it.
struct SweepParameter {
    const char* key;
    bool integer;
    bool logarithmic;
    void (*set)(rope::RopeParams& p, double v);
    double (*get)(const rope::RopeParams& p);
    // Checked here as well as by rope::validate(), which leaves a factor the default method
    // ignores unchecked: [1, 1e6] is the range every scaling method accepts.
    double min = -HUGE_VAL;
    double max = HUGE_VAL;
};

// Positions and lengths are whole tokens; a base spans decades, so equal frame steps are
// equal ratios (10³ → 10⁶ moves one decade per third of the frames).
const SweepParameter kParameters[] = {
    {"m", true, false, [](rope::RopeParams& p, double v) { p.m = static_cast<long long>(v); },
     [](const rope::RopeParams& p) { return double(p.m); }},
    {"n", true, false, [](rope::RopeParams& p, double v) { p.n = static_cast<long long>(v); },
     [](const rope::RopeParams& p) { return double(p.n); }},
    {"base", false, true, [](rope::RopeParams& p, double v) { p.base = v; },
     [](const rope::RopeParams& p) { return p.base; }},
    {"factor", false, false, [](rope::RopeParams& p, double v) { p.scaling.factor = v; },
     [](const rope::RopeParams& p) { return p.scaling.factor; }, 1, 1e6},
    {"context", true, false,
     [](rope::RopeParams& p, double v) { p.context = static_cast<long long>(v); },
     [](const rope::RopeParams& p) { return double(p.context); }},
    {"beta-fast", false, false, [](rope::RopeParams& p, double v) { p.scaling.betaFast = v; },
     [](const rope::RopeParams& p) { return p.scaling.betaFast; }, 1e-6, 1e6},
    {"beta-slow", false, false, [](rope::RopeParams& p, double v) { p.scaling.betaSlow = v; },
     [](const rope::RopeParams& p) { return p.scaling.betaSlow; }, 1e-6, 1e6},
};

const SweepParameter* findParameter(const QString& key) {
    for (const SweepParameter& p : kParameters) {
        if (key == QLatin1String(p.key)) {
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
    for (const SweepParameter& p : kParameters) {
        keys << QString::fromLatin1(p.key);
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
