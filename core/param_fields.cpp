// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/param_fields.h"

#include "core/field_table.h"

#include <type_traits>

// lupdate reads this file for the labels and tips (resources/translations/translations.cmake);
// they are translated where shown. Core has no Qt, so the marker lupdate recognises is the
// identity here.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace rope {

std::span<const ParamField> paramFields() {
    using K = ParamKind;
    using G = ParamFlagGroup;
    static const ParamField fields[] = {
        {.id = param::kDim,
         .flag = "dim",
         .sessionKey = "dim",
         .draftSessionKey = "headDim",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Head dim &d"),
         .tip = QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                                  "Rotated dimensions d (even): d/2 pairs, pair i turns by θ_i = "
                                  "b^(−2i/d) per token."),
         .help = "Head dimension d (even).",
         .valueName = "D",
         .flagGroup = G::Model,
         .helpShowsDefault = true,
         .kind = K::Integer,
         .min = 2,
         .max = limits::kMaxDim,
         .even = true,
         .resetsAlso = param::kRotaryDim,
         .member = &RopeParams::headDim},
        {.id = param::kRotaryDim,
         .flag = "rotary-dim",
         .sessionKey = "rotary-dim",
         .draftSessionKey = "rotaryDim",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "R&otary dim"),
         .tip = QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                                  "Rotated dimensions (even, ≤ d); the rest of the head is not "
                                  "rotated (partial_rotary_factor = rotary dim / d). 'all' = d."),
         .help = "Rotated dimensions (even, <= dim); default: all (partial rotary).",
         .valueName = "R",
         .flagGroup = G::Model,
         .kind = K::Integer,
         .min = 2,
         .max = limits::kMaxDim,
         .even = true,
         .zeroAllowed = true,
         .notAbove = param::kDim,
         .member = &RopeParams::rotaryDim},
        {.id = param::kBase,
         .flag = "base",
         .sessionKey = "base",
         .draftSessionKey = "base",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "&Base b"),
         .tip = QT_TRANSLATE_NOOP(
             "rope::ui::ParameterForm",
             "RoPE base b (rope_theta), > 1. Larger b slows every pair but the first."),
         .help = "RoPE base b (rope_theta), > 1.",
         .valueName = "B",
         .flagGroup = G::Model,
         .helpShowsDefault = true,
         .kind = K::Real,
         .min = 1,
         .max = limits::kMaxBase,
         .minExclusive = true,
         .logScale = true,
         .member = &RopeParams::base},
        {.id = param::kM,
         .flag = "m",
         .sessionKey = "m",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Position &m"),
         .tip = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Query position m (tokens)."),
         .help = "Query position m (default 3).",
         .valueName = "M",
         .flagGroup = G::View,
         .kind = K::Integer,
         .min = -limits::kMaxPosition,
         .max = limits::kMaxPosition,
         .member = &RopeParams::m},
        {.id = param::kN,
         .flag = "n",
         .sessionKey = "n",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Position &n"),
         .tip = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Key position n (tokens)."),
         .help = "Key position n (default 10).",
         .valueName = "N",
         .flagGroup = G::View,
         .kind = K::Integer,
         .min = -limits::kMaxPosition,
         .max = limits::kMaxPosition,
         .member = &RopeParams::n},
        {.id = param::kContext,
         .flag = "context",
         .sessionKey = "context",
         .draftSessionKey = "context",
         .label = QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "&Context L"),
         .tip = QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                                  "Context length L (tokens) the plots cover, 64 … 1,048,576."),
         .help = "Context length L (tokens, default 4096).",
         .valueName = "L",
         .flagGroup = G::View,
         .kind = K::Integer,
         .min = 1,
         .max = static_cast<double>(limits::kMaxContext),
         .member = &RopeParams::context},
    };
    return fields;
}

const ParamField* findParamField(std::string_view id) noexcept {
    return field_table::find(paramFields(), id);
}

double paramFieldNumber(const RopeParams& params, const ParamField& field) {
    return std::visit([&](auto member) { return static_cast<double>(params.*member); },
                      field.member);
}

void setParamFieldNumber(RopeParams& params, const ParamField& field, double value) {
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            if constexpr (std::is_integral_v<T>) {
                params.*member = field_table::toInteger<T>(value);
            } else {
                params.*member = value;
            }
        },
        field.member);
}

void copyParamField(RopeParams& to, const RopeParams& from, const ParamField& field) {
    field_table::copy(to, from, field);
}

bool paramFieldIsInt(const ParamField& field) noexcept {
    return std::holds_alternative<int RopeParams::*>(field.member);
}

} // namespace rope
