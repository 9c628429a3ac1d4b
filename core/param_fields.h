// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <span>
#include <string_view>
#include <variant>

/// \file param_fields.h
/// The one place each base parameter of RopeParams is named: head dim d, rotary dim, base b,
/// positions m and n, context L. The counterpart of scaling_fields.h (the ScalingParams
/// fields): the rope-cli flags, the session keys, the saved settings, the parameter form, the
/// course's step parameters, the animation sweeps and the repair of a rejected value iterate
/// this table instead of spelling the names again.
///
/// The layout and the scaling method are not rows: they are choices, not numbers, and each has
/// its own parser (parseLayout(), the scaling registry).

namespace rope {

/// Parameter ids as constants, for code that treats one parameter specially.
namespace param {
inline constexpr std::string_view kDim = "dim";
inline constexpr std::string_view kRotaryDim = "rotary-dim";
inline constexpr std::string_view kBase = "base";
inline constexpr std::string_view kM = "m";
inline constexpr std::string_view kN = "n";
inline constexpr std::string_view kContext = "context";
} // namespace param

/// \brief How a parameter's value is written in JSON and on the command line.
enum class ParamKind {
    Integer, ///< a whole number (an int or long long member)
    Real,    ///< a double
};

/// \brief Which rope-cli option set defines the flag.
enum class ParamFlagGroup {
    /// Every model command (addRopeOptions): d, b, rotary dim.
    Model,
    /// Only the figure commands (figure, animate, deck), which draw a view of the model: the
    /// context the plots cover and the two positions.
    View,
};

/// \brief One base parameter of RopeParams.
struct ParamField {
    /// Kebab-case id: the name rope::validate() reports in InvalidParameter::parameter().
    std::string_view id;
    /// rope-cli flag without dashes (`--dim`). A published contract: never renamed.
    std::string_view flag;
    /// Key under "params" in a version-1 session, in a course step's "params" and under
    /// "parameters/" in the saved settings. A published contract: never renamed.
    std::string_view sessionKey;
    /// Key of the version-0 (draft) session layout, empty when it had none (m and n were the
    /// array "positions").
    std::string_view draftSessionKey = {};
    /// Form label and tool tip in English, translated where shown (context
    /// "rope::ui::ParameterForm"; `&` marks the shortcut letter).
    const char* label;
    const char* tip;
    /// One-line English help and value name for `rope-cli --help`.
    std::string_view help;
    std::string_view valueName;
    ParamFlagGroup flagGroup;
    /// `--help` shows the default value (RopeParams{}) beside the flag.
    bool helpShowsDefault = false;
    ParamKind kind;
    /// The limits rope::validate() enforces: min ≤ v ≤ max (min < v when minExclusive), an even
    /// value when even. zeroAllowed: 0 is accepted outside [min, max] (the rotary dim's "all of
    /// d"). notAbove: another parameter this one must not exceed (rotary dim ≤ d).
    double min;
    double max;
    bool minExclusive = false;
    bool even = false;
    bool zeroAllowed = false;
    std::string_view notAbove = {};
    /// Spans decades: log sliders, geometric sweeps.
    bool logScale = false;
    /// Resetting this parameter (a rejected value) also resets that one, which was only valid
    /// relative to it (a rotary dim read for the old head dim).
    std::string_view resetsAlso = {};
    /// The member it names.
    std::variant<int RopeParams::*, long long RopeParams::*, double RopeParams::*> member;
};

/// \brief Every base parameter, in the order `--help`, sessions and the form list them.
std::span<const ParamField> paramFields();

/// \brief The parameter with id \p id, or nullptr.
const ParamField* findParamField(std::string_view id) noexcept;

/// \brief The value of \p field in \p params as a double (exact: |v| ≤ 2^53 for the integers
/// core accepts).
double paramFieldNumber(const RopeParams& params, const ParamField& field);

/// \brief Sets \p field from \p value: integers are rounded to nearest and clamped to the
/// member's range (core's checks then report an absurd value as out of range).
void setParamFieldNumber(RopeParams& params, const ParamField& field, double value);

/// \brief Copies one parameter from \p from into \p to.
void copyParamField(RopeParams& to, const RopeParams& from, const ParamField& field);

/// \brief Whether the member is an int (a value outside int's range cannot be stored and is
/// refused, not clamped, by the readers).
bool paramFieldIsInt(const ParamField& field) noexcept;

} // namespace rope
