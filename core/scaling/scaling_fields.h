// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <span>
#include <string_view>
#include <variant>
#include <vector>

/// \file scaling_fields.h
/// The one place each ScalingParams field is named. A field has two spellings that the outside
/// world fixed: its kebab-case id (rope-cli flag, session key, GUI row, `--set` key, the name
/// InvalidParameter reports) and its Hugging Face key in `rope_scaling` / `rope_parameters`.
/// Everything that reads or writes the fields by name — the CLI's flags, the session format, the
/// config importer, the parameter form, the repair of rejected values — iterates this table
/// instead of spelling the names again, so a new field is one row here.

namespace rope {

/// Field ids as constants, for the code that must treat one field specially (the checks that
/// throw InvalidParameter, the registry's `usedParams`). Spelled once, here.
namespace field {
inline constexpr std::string_view kFactor = "factor";
inline constexpr std::string_view kOriginalContext = "original-context";
inline constexpr std::string_view kSeqLen = "seq-len";
inline constexpr std::string_view kBetaFast = "beta-fast";
inline constexpr std::string_view kBetaSlow = "beta-slow";
inline constexpr std::string_view kMscale = "mscale";
inline constexpr std::string_view kMscaleAllDim = "mscale-all-dim";
inline constexpr std::string_view kAttentionFactor = "attention-factor";
inline constexpr std::string_view kTruncate = "truncate";
inline constexpr std::string_view kLowFreqFactor = "low-freq-factor";
inline constexpr std::string_view kHighFreqFactor = "high-freq-factor";
inline constexpr std::string_view kShortFactor = "short-factor";
inline constexpr std::string_view kLongFactor = "long-factor";
} // namespace field

/// How a field's value is written in JSON and on the command line.
enum class ScalingFieldKind {
    Real,    ///< a double
    Integer, ///< an integer (int or long long member)
    Toggle,  ///< a bool; on the command line a `--no-<id>` flag when the default is true
    List,    ///< a list of doubles (LongRoPE's per-pair divisors)
};

/// \brief One ScalingParams field.
struct ScalingField {
    /// Kebab-case id (see the file comment).
    std::string_view id;
    /// Key in a Hugging Face `rope_scaling` / `rope_parameters` dict; empty when transformers
    /// has none (the current sequence length is an argument of the forward pass, not config).
    std::string_view hfKey;
    ScalingFieldKind kind;
    /// One-line English help, for `rope-cli --help` (the GUI has its own translated labels).
    std::string_view help;
    /// Value name in `--help` ("X", "L0", "LIST"; empty for a toggle).
    std::string_view valueName;
    /// Another field checked against this one (β_fast > β_slow, low < high frequency factor):
    /// when one is rejected both go back to their defaults, since a default may not fit the
    /// other's current value.
    std::string_view partner;
    /// transformers reads the key with `config[key]` (a KeyError when missing) rather than
    /// `.get(key, default)`: Llama 3's frequency factors, LongRoPE's lists. The importer then
    /// refuses a config without it instead of using our default.
    bool hfRequired = false;
    /// The member it names.
    std::variant<double ScalingParams::*, int ScalingParams::*, long long ScalingParams::*,
                 bool ScalingParams::*, std::vector<double> ScalingParams::*>
        member;
};

/// \brief Every ScalingParams field that is set by name, in the order `--help`, sessions and the
/// parameter form list them. ScalingParams::method is not a field here (it selects the
/// method); ScalingParams::rotatedPairs is derived, never set by name.
std::span<const ScalingField> scalingFields();

/// \brief The field with id \p id, or nullptr.
const ScalingField* findScalingField(std::string_view id) noexcept;

/// \brief The value of a Real, Integer or Toggle field as a double (a toggle is 0 or 1).
/// \throws std::logic_error for a List field.
double scalingFieldNumber(const ScalingParams& params, const ScalingField& field);

/// \brief Sets a Real, Integer or Toggle field from \p value (integers are rounded to nearest
/// and clamped to the member's range; a toggle is value ≠ 0).
/// \throws std::logic_error for a List field.
void setScalingFieldNumber(ScalingParams& params, const ScalingField& field, double value);

/// \brief The list member of a List field.
/// \throws std::logic_error for any other kind.
std::vector<double>& scalingFieldList(ScalingParams& params, const ScalingField& field);
const std::vector<double>& scalingFieldList(const ScalingParams& params, const ScalingField& field);

/// \brief Copies one field's value from \p from into \p to.
void copyScalingField(ScalingParams& to, const ScalingParams& from, const ScalingField& field);

/// \brief The command-line flag of a field without dashes: the id, or `no-<id>` for a toggle
/// whose default is on (YaRN's truncate).
std::string scalingFieldFlag(const ScalingField& field);

} // namespace rope
