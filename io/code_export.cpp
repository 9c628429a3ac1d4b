// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/code_export.h"

#include "core/scaling/scaling_registry.h"

#include <QStringList>

namespace rope::io {

namespace {

// A Python float literal that reads back as exactly \p v: 17 significant digits, with ".0"
// added to integral values so Python does not make them ints.
QString pyFloat(double v) {
    QString text = QString::number(v, 'g', 17);
    if (!text.contains(QLatin1Char('.')) && !text.contains(QLatin1Char('e'))) {
        text += QStringLiteral(".0");
    }
    return text;
}

QString pyInt(long long v) {
    return QString::number(v);
}

// The few spellings in which NumPy and PyTorch differ; everything else is shared text.
struct Dialect {
    QString imports;
    QString module; // "np" or "torch"
    QString float64;
    QString clip;        // clip(values, 0, 1)
    QString concatenate; // concatenate([a, b])
};

Dialect dialectFor(CodeLanguage language) {
    if (language == CodeLanguage::PyTorch) {
        return {QStringLiteral("import torch"), QStringLiteral("torch"),
                QStringLiteral("torch.float64"), QStringLiteral("torch.clamp"),
                QStringLiteral("torch.cat")};
    }
    return {QStringLiteral("import numpy as np"), QStringLiteral("np"),
            QStringLiteral("np.float64"), QStringLiteral("np.clip"),
            QStringLiteral("np.concatenate")};
}

// Replaces the placeholders {xp}, {f64}, {clip}, {cat} with the dialect's spelling.
QString render(QString text, const Dialect& d) {
    text.replace(QStringLiteral("{xp}"), d.module);
    text.replace(QStringLiteral("{f64}"), d.float64);
    text.replace(QStringLiteral("{clip}"), d.clip);
    text.replace(QStringLiteral("{cat}"), d.concatenate);
    return text;
}

QString defaultBlock() {
    return QStringLiteral(R"(# Original RoPE (HF _compute_default_rope_parameters): no scaling.
inv_freq = default_inv_freq(base, rotary_dim)
attention_factor = 1.0
)");
}

QString linearBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# Linear scaling / position interpolation (HF _compute_linear_scaling_rope_parameters):
# dividing theta_i by s is the same as feeding position m/s.
factor = %1
inv_freq = default_inv_freq(base, rotary_dim) / factor
attention_factor = 1.0
)")
        .arg(pyFloat(s.factor));
}

QString ntkBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# Static NTK-aware scaling (not an HF rope_type): b' = b * s^(d/(d-2)) keeps theta_0 = 1
# and divides the slowest pair by s.
factor = %1
new_base = base * factor ** (rotary_dim / (rotary_dim - 2))
inv_freq = default_inv_freq(new_base, rotary_dim)
attention_factor = 1.0
)")
        .arg(pyFloat(s.factor));
}

QString dynamicBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# Dynamic NTK (HF _compute_dynamic_ntk_parameters): the base grows with the sequence
# length once it exceeds the trained context.
factor = %1
original_max_position_embeddings = %2
seq_len = %3  # current sequence length; 0 means "the trained context"
seq_len = max(seq_len if seq_len > 0 else original_max_position_embeddings,
              original_max_position_embeddings)
new_base = base * ((factor * seq_len / original_max_position_embeddings) - (factor - 1)) ** (
    rotary_dim / (rotary_dim - 2))
inv_freq = default_inv_freq(new_base, rotary_dim)
attention_factor = 1.0
)")
        .arg(pyFloat(s.factor), pyInt(s.originalContext), pyInt(s.seqLen));
}

QString yarnBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# YaRN (HF _compute_yarn_parameters; Peng et al. 2023, arXiv 2309.00071).
factor = %1
original_max_position_embeddings = %2
beta_fast = %3
beta_slow = %4
mscale = %5  # 0 = unset
mscale_all_dim = %6  # 0 = unset
attention_factor = %7  # None = computed below
truncate = %8


def get_mscale(scale, mscale=1.0):
    # Attention temperature sqrt(1/t) = 0.1 * ln(s) + 1 (YaRN eq. 22).
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


if attention_factor is None:
    if mscale and mscale_all_dim:
        attention_factor = get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
    else:
        attention_factor = get_mscale(factor)


def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
    # Pair index whose wavelength fits num_rotations times into the trained context.
    return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (
        2 * math.log(base))


def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
    low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
    high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
    if truncate:
        low = math.floor(low)
        high = math.ceil(high)
    return max(low, 0), min(high, dim - 1)


def linear_ramp_factor(low, high, n):
    if low == high:
        high += 0.001  # prevent a division by zero
    linear = ({xp}.arange(n, dtype={f64}) - low) / (high - low)
    return {clip}(linear, 0, 1)


pos_freqs = base ** ({xp}.arange(0, rotary_dim, 2, dtype={f64}) / rotary_dim)
inv_freq_extrapolation = 1.0 / pos_freqs
inv_freq_interpolation = 1.0 / (factor * pos_freqs)
low, high = find_correction_range(beta_fast, beta_slow, rotary_dim, base,
                                  original_max_position_embeddings, truncate)
# 1 for fast pairs (kept), 0 for slow pairs (interpolated by s), a linear ramp between.
inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, rotary_dim // 2)
inv_freq = (inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
            + inv_freq_extrapolation * inv_freq_extrapolation_factor)
)")
        .arg(pyFloat(s.factor), pyInt(s.originalContext), pyFloat(s.betaFast), pyFloat(s.betaSlow),
             pyFloat(s.mscale), pyFloat(s.mscaleAllDim),
             s.attentionFactor != 0.0 ? pyFloat(s.attentionFactor) : QStringLiteral("None"),
             s.truncate ? QStringLiteral("True") : QStringLiteral("False"));
}

QString llama3Block(const ScalingParams& s) {
    return QStringLiteral(
               R"(# Llama 3.1 (HF _compute_llama3_parameters): long wavelengths interpolated by s,
# short ones kept, a smooth blend in between.
factor = %1
low_freq_factor = %2
high_freq_factor = %3
old_context_len = %4  # original_max_position_embeddings
low_freq_wavelen = old_context_len / low_freq_factor
high_freq_wavelen = old_context_len / high_freq_factor
inv_freq = default_inv_freq(base, rotary_dim)
wavelen = 2 * math.pi / inv_freq
inv_freq_llama = {xp}.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
is_medium_freq = ~(wavelen < high_freq_wavelen) & ~(wavelen > low_freq_wavelen)
inv_freq = {xp}.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)
attention_factor = 1.0
)")
        .arg(pyFloat(s.factor), pyFloat(s.lowFreqFactor), pyFloat(s.highFreqFactor),
             pyInt(s.originalContext));
}

QString pyList(const std::vector<double>& values) {
    QStringList items;
    for (const double v : values) {
        items << pyFloat(v);
    }
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString longRopeBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# LongRoPE (HF _compute_longrope_parameters; Ding et al. 2024, arXiv 2402.13753):
# one divisor per pair, the long list once the sequence is longer than the original context.
short_factor = %1
long_factor = %2
factor = %3  # max_position_embeddings / original_max_position_embeddings
original_max_position_embeddings = %4
seq_len = %5  # current sequence length; 0 = not given (short factors)
attention_factor = %6  # 0 = computed below
ext = {xp}.asarray(long_factor if seq_len > original_max_position_embeddings else short_factor,
                   dtype={f64})
inv_freq = 1.0 / (ext * base ** ({xp}.arange(0, rotary_dim, 2, dtype={f64}) / rotary_dim))
if not attention_factor:
    attention_factor = 1.0 if factor <= 1 else math.sqrt(
        1 + math.log(factor) / math.log(original_max_position_embeddings))
)")
        .arg(pyList(s.shortFactor), pyList(s.longFactor), pyFloat(s.factor),
             pyInt(s.originalContext), pyInt(s.seqLen), pyFloat(s.attentionFactor));
}

QString proportionalBlock(const ScalingParams& s) {
    return QStringLiteral(
               R"(# p-RoPE (HF _compute_proportional_rope_parameters, Gemma 4): the first pairs rotate on
# the ladder of the whole head, the others get frequency 0 (they pass through unchanged).
factor = %1
rope_angles = rotary_dim // 2
inv_freq = 1.0 / (base ** ({xp}.arange(0, 2 * rope_angles, 2, dtype={f64}) / head_dim))
inv_freq = {cat}([inv_freq, {xp}.zeros(head_dim // 2 - rope_angles, dtype={f64})]) / factor
attention_factor = 1.0
rotary_dim = head_dim  # apply_rope below covers the zero-frequency pairs too
)")
        .arg(pyFloat(s.factor));
}

QString methodBlock(const ScalingParams& s) {
    // One block per method and no default label: a new method is a -Wswitch error here until it
    // has its own Python, instead of being exported silently as unscaled RoPE.
    switch (s.method) {
    case ScalingKind::Default:
        return defaultBlock();
    case ScalingKind::Linear:
        return linearBlock(s);
    case ScalingKind::Ntk:
        return ntkBlock(s);
    case ScalingKind::Dynamic:
        return dynamicBlock(s);
    case ScalingKind::Yarn:
        return yarnBlock(s);
    case ScalingKind::Llama3:
        return llama3Block(s);
    case ScalingKind::LongRope:
        return longRopeBlock(s);
    case ScalingKind::Proportional:
        return proportionalBlock(s);
    }
    // Only a value outside the enumerators gets here; scaledFrequencies() would have refused the
    // parameters before any export.
    return defaultBlock();
}

QString rotationBlock(Layout layout) {
    if (layout == Layout::Half) {
        return QStringLiteral(R"(

def rotate_half(v):
    # GPT-NeoX / HF layout: pairs (x_i, x_{i+d/2}).
    half = v.shape[-1] // 2
    return {cat}([-v[half:], v[:half]])


def apply_rope(x, position, inv_freq, attention_factor):
    angles = position * inv_freq
    emb = {cat}([angles, angles])
    cos = {xp}.cos(emb) * attention_factor
    sin = {xp}.sin(emb) * attention_factor
    rot, rest = x[:rotary_dim], x[rotary_dim:]
    return {cat}([rot * cos + rotate_half(rot) * sin, rest])
)");
    }
    return QStringLiteral(R"(

def apply_rope(x, position, inv_freq, attention_factor):
    # Interleaved layout (RoFormer, GPT-J): pairs (x0, x1), (x2, x3), ...
    angles = position * inv_freq
    cos = {xp}.cos(angles) * attention_factor
    sin = {xp}.sin(angles) * attention_factor
    rot, rest = x[:rotary_dim], x[rotary_dim:]
    even, odd = rot[0::2], rot[1::2]
    out = {xp}.empty_like(rot)
    out[0::2] = even * cos - odd * sin
    out[1::2] = odd * cos + even * sin
    return {cat}([out, rest])
)");
}

} // namespace

QString codeLanguageId(CodeLanguage language) {
    return language == CodeLanguage::PyTorch ? QStringLiteral("pytorch") : QStringLiteral("numpy");
}

QString codeSnippet(CodeLanguage language, const RopeParams& params) {
    // Same checks as the explorer's own numbers: no snippet for parameters it would reject.
    scaledFrequencies(params);
    const Dialect d = dialectFor(language);
    const ScalingMethod& method = scalingMethod(params.scaling.method);
    const QString header =
        QStringLiteral(R"(# RoPE Explorer: %1, head_dim %2, rotary_dim %3, base %4, %5 layout.
# Formulas as in Hugging Face transformers' modeling_rope_utils.py, in float64.
import json
import math

%6

head_dim = %2
rotary_dim = %3  # int(head_dim * partial_rotary_factor)
base = %4  # rope_theta
position = %7  # query position m


def default_inv_freq(base, dim):
    # theta_i = base^(-2i/d), i = 0 .. d/2 - 1 (RoFormer eq. 15)
    return 1.0 / (base ** ({xp}.arange(0, dim, 2, dtype={f64}) / dim))


)")
            .arg(QString::fromUtf8(method.displayName.data(),
                                   static_cast<qsizetype>(method.displayName.size())))
            .arg(params.headDim)
            .arg(params.effectiveRotaryDim())
            .arg(pyFloat(params.base), QString::fromLatin1(layoutId(params.layout)), d.imports,
                 pyInt(params.m));
    const QString footer = QStringLiteral(R"(

x = {xp}.arange(1, head_dim + 1, dtype={f64}) / head_dim  # example head vector
rotated = apply_rope(x, position, inv_freq, attention_factor)
print(json.dumps({"inv_freq": inv_freq.tolist(), "attention_factor": float(attention_factor),
                  "rotated": rotated.tolist()}))
)");
    return render(header + methodBlock(params.scaling) + rotationBlock(params.layout) + footer, d);
}

} // namespace rope::io
