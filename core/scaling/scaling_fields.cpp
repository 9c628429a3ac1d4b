// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_fields.h"

#include "core/field_table.h"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace rope {

namespace {

constexpr ScalingField row(std::string_view id, std::string_view hfKey, ScalingFieldKind kind,
                           std::string_view help, std::string_view valueName,
                           decltype(ScalingField::member) member, std::string_view partner = {},
                           bool hfRequired = false) {
    return ScalingField{.id = id,
                        .hfKey = hfKey,
                        .kind = kind,
                        .help = help,
                        .valueName = valueName,
                        .partner = partner,
                        .hfRequired = hfRequired,
                        .member = member};
}

} // namespace

std::span<const ScalingField> scalingFields() {
    using K = ScalingFieldKind;
    static const ScalingField fields[] = {
        row(field::kFactor, "factor", K::Real, "Scale factor s (>= 1).", "S",
            &ScalingParams::factor),
        row(field::kOriginalContext, "original_max_position_embeddings", K::Integer,
            "original_max_position_embeddings L0 (tokens).", "L0", &ScalingParams::originalContext),
        row(field::kSeqLen, "", K::Integer, "Current sequence length for dynamic NTK (tokens).",
            "L", &ScalingParams::seqLen),
        row(field::kBetaFast, "beta_fast", K::Real, "YaRN beta_fast (default 32).", "X",
            &ScalingParams::betaFast, field::kBetaSlow),
        row(field::kBetaSlow, "beta_slow", K::Real, "YaRN beta_slow (default 1).", "X",
            &ScalingParams::betaSlow, field::kBetaFast),
        row(field::kMscale, "mscale", K::Real, "YaRN mscale.", "X", &ScalingParams::mscale),
        row(field::kMscaleAllDim, "mscale_all_dim", K::Real, "YaRN mscale_all_dim.", "X",
            &ScalingParams::mscaleAllDim),
        row(field::kAttentionFactor, "attention_factor", K::Real, "Explicit attention_factor.", "X",
            &ScalingParams::attentionFactor),
        row(field::kTruncate, "truncate", K::Toggle,
            "YaRN: do not floor/ceil the correction range (truncate=false).", "",
            &ScalingParams::truncate),
        row(field::kLowFreqFactor, "low_freq_factor", K::Real,
            "Llama 3 low_freq_factor (default 1).", "X", &ScalingParams::lowFreqFactor,
            field::kHighFreqFactor, true),
        row(field::kHighFreqFactor, "high_freq_factor", K::Real,
            "Llama 3 high_freq_factor (default 4).", "X", &ScalingParams::highFreqFactor,
            field::kLowFreqFactor, true),
        row(field::kShortFactor, "short_factor", K::List,
            "LongRoPE short_factor: dim/2 comma-separated divisors.", "LIST",
            &ScalingParams::shortFactor, {}, true),
        row(field::kLongFactor, "long_factor", K::List,
            "LongRoPE long_factor: dim/2 comma-separated divisors.", "LIST",
            &ScalingParams::longFactor, {}, true),
    };
    return fields;
}

const ScalingField* findScalingField(std::string_view id) noexcept {
    return field_table::find(scalingFields(), id);
}

double scalingFieldNumber(const ScalingParams& params, const ScalingField& field) {
    return std::visit(
        [&](auto member) -> double {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            if constexpr (std::is_same_v<T, std::vector<double>>) {
                throw std::logic_error("scalingFieldNumber: '" + std::string(field.id) +
                                       "' is a list");
            } else {
                return static_cast<double>(params.*member);
            }
        },
        field.member);
}

void setScalingFieldNumber(ScalingParams& params, const ScalingField& field, double value) {
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            if constexpr (std::is_same_v<T, std::vector<double>>) {
                throw std::logic_error("setScalingFieldNumber: '" + std::string(field.id) +
                                       "' is a list");
            } else if constexpr (std::is_same_v<T, bool>) {
                params.*member = value != 0.0;
            } else if constexpr (std::is_integral_v<T>) {
                params.*member = field_table::toInteger<T>(value);
            } else {
                params.*member = value;
            }
        },
        field.member);
}

std::vector<double>& scalingFieldList(ScalingParams& params, const ScalingField& field) {
    const auto* member = std::get_if<std::vector<double> ScalingParams::*>(&field.member);
    if (member == nullptr) {
        throw std::logic_error("scalingFieldList: '" + std::string(field.id) + "' is not a list");
    }
    return params.**member;
}

const std::vector<double>& scalingFieldList(const ScalingParams& params,
                                            const ScalingField& field) {
    return scalingFieldList(const_cast<ScalingParams&>(params), field);
}

void copyScalingField(ScalingParams& to, const ScalingParams& from, const ScalingField& field) {
    field_table::copy(to, from, field);
}

std::string scalingFieldFlag(const ScalingField& field) {
    if (field.kind == ScalingFieldKind::Toggle && scalingFieldNumber(ScalingParams{}, field) != 0) {
        return "no-" + std::string(field.id);
    }
    return std::string(field.id);
}

} // namespace rope
