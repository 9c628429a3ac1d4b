// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"

#include <cmath>
#include <sstream>

namespace rope {

InvalidParameter::InvalidParameter(std::string parameter, const std::string& message)
    : std::invalid_argument(message), m_parameter(std::move(parameter)) {}

namespace {
// %.17g keeps the bad value exact in the message, so a user sees what was really passed.
std::string show(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}
} // namespace

void validateDim(int dim, const char* name) {
    if (dim < 2 || dim > limits::kMaxDim || dim % 2 != 0) {
        throw InvalidParameter(name, std::string(name) + " must be an even integer in [2, " +
                                         std::to_string(limits::kMaxDim) + "], got " +
                                         std::to_string(dim));
    }
}

void validateBase(double base, const char* name) {
    // b ≤ 1 makes θ_i = b^(-2i/d) non-decreasing (or constant): no longer a frequency ladder.
    if (!std::isfinite(base) || base <= 1.0 || base > limits::kMaxBase) {
        throw InvalidParameter(name, std::string(name) + " must be a finite number in (1, 1e30], got " +
                                         show(base));
    }
}

void validatePosition(double position, const char* name) {
    if (!std::isfinite(position) || std::abs(position) > limits::kMaxPosition) {
        throw InvalidParameter(name, std::string(name) + " must be finite with |" + name +
                                         "| <= 2^40, got " + show(position));
    }
}

void validate(const RopeParams& p) {
    validateDim(p.headDim, "dim");
    if (p.rotaryDim != 0) {
        validateDim(p.rotaryDim, "rotary-dim");
        if (p.rotaryDim > p.headDim) {
            throw InvalidParameter("rotary-dim", "rotary-dim (" + std::to_string(p.rotaryDim) +
                                                     ") must not exceed dim (" +
                                                     std::to_string(p.headDim) + ")");
        }
    }
    validateBase(p.base, "base");
    validatePosition(static_cast<double>(p.m), "m");
    validatePosition(static_cast<double>(p.n), "n");
    if (p.context < 1 || p.context > limits::kMaxContext) {
        throw InvalidParameter("context", "context must be in [1, 67108864], got " +
                                              std::to_string(p.context));
    }
    if (p.layout != Layout::Interleaved && p.layout != Layout::Half) {
        throw InvalidParameter("layout", "layout must be interleaved or half");
    }
}

const char* layoutId(Layout layout) noexcept {
    return layout == Layout::Half ? "half" : "interleaved";
}

Layout parseLayout(const std::string& id) {
    if (id == "interleaved") {
        return Layout::Interleaved;
    }
    if (id == "half") {
        return Layout::Half;
    }
    throw InvalidParameter("layout", "layout must be 'interleaved' or 'half', got '" + id + "'");
}

} // namespace rope
