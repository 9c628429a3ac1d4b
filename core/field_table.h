// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the two field tables (param_fields.h for d, b, m, n, L; scaling/scaling_fields.h for the
// scaling parameters) share: a row found by its id, a number rounded into an integer member,
// and a member copied from one parameter set to another. Each row holds its member as a
// std::variant of pointers to members.

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string_view>
#include <variant>

namespace rope::field_table {

/// The row whose id is `id`, or nullptr.
template <typename Field>
const Field* find(std::span<const Field> fields, std::string_view id) noexcept {
    const auto it = std::find_if(fields.begin(), fields.end(),
                                 [&](const Field& f) { return f.id == id; });
    return it == fields.end() ? nullptr : &*it;
}

/// Rounds to the nearest integer and clamps into Int's range (NaN gives 0): values come from
/// spin boxes, JSON numbers and settings, which may hold 4096.0000000001 or an absurd
/// magnitude; the core's checks then report a clamped absurd value as out of range.
template <typename Int> Int toInteger(double v) {
    constexpr double lo = static_cast<double>(std::numeric_limits<Int>::min());
    // 2^63 is not representable as long long; the largest double below it is.
    const double hi = std::nextafter(static_cast<double>(std::numeric_limits<Int>::max()), 0.0);
    if (std::isnan(v)) {
        return 0;
    }
    return static_cast<Int>(std::llround(std::clamp(v, lo, hi)));
}

/// Copies the row's member from `from` to `to`.
template <typename Params, typename Field>
void copy(Params& to, const Params& from, const Field& field) {
    std::visit([&](auto member) { to.*member = from.*member; }, field.member);
}

} // namespace rope::field_table
