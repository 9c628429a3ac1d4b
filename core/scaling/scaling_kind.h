// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string_view>

/// \file scaling_kind.h
/// The typed id of a context-extension method. Inside the program a method is a ScalingKind;
/// its kebab-case string id ("yarn", "llama3", …) exists only at the boundaries — CLI flags,
/// config.json / GGUF / session / preset files, figure options and settings — where
/// parseScalingKind() (or scalingMethod(std::string_view) in scaling_registry.h, which names the
/// known ids in its error) turns it into a kind, and scalingId() turns a kind back into the same
/// bytes for the file or the wire.

namespace rope {

/// \brief One context-extension method; the registry (scaling_registry.h) has one row each.
///
/// Code that must treat every method switches over this enum without a `default:` label, so
/// -Wswitch (an error under ROPE_WERROR) lists every site a new method has to be handled at.
enum class ScalingKind {
    /// "default": θ_i = b^(-2i/d), unchanged.
    Default,
    /// "linear": position interpolation, θ_i / s.
    Linear,
    /// "ntk": static NTK-aware base change.
    Ntk,
    /// "dynamic": dynamic NTK (HF `_compute_dynamic_ntk_parameters`).
    Dynamic,
    /// "yarn": YaRN.
    Yarn,
    /// "llama3": Llama 3.1 frequency blend.
    Llama3,
    /// "longrope": LongRoPE / Phi-3 per-pair factors.
    LongRope,
    /// "proportional": p-RoPE (Gemma 4).
    Proportional,
};

/// \brief The stable kebab-case id of \p kind: the CLI `--method` value, the HF `rope_type`
/// (where HF has the method), the session/preset "method" value and the settings key.
std::string_view scalingId(ScalingKind kind) noexcept;

/// \brief The kind whose id is exactly \p id (case-sensitive, as the files write it), or
/// std::nullopt for anything else.
std::optional<ScalingKind> parseScalingKind(std::string_view id) noexcept;

} // namespace rope
