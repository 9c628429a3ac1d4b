// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <span>

/// \file base_bound_tables.h
/// The published tables of the minimal base b*(L, d = 128), as printed, for comparison with
/// minimalBase(): Su, "Transformer升级之路：18、RoPE的底数选择原则" (kexue.fm/archives/10122,
/// column "b*(本文)"), and Men, Xu et al., "Base of RoPE Bounds Context Length"
/// (arXiv 2405.14591, as quoted in Su's post). docs/base-bound.md discusses each row.

namespace rope {

/// \brief Who printed a row of the tables.
enum class BaseTableSource { Su2024, Men2024 };

/// \brief One printed value of b*(L, d).
struct PublishedMinimalBase {
    BaseTableSource source;
    const char* sourceId; ///< stable kebab-case id: "su-2024", "men-2024"
    const char* citation; ///< short citation with the URL
    const char* label;    ///< the context as printed ("1k", "128k", "1M")
    long long context;    ///< L in tokens, 1k = 1024
    int dim;              ///< head dimension d of the table (128)
    double printedBase;   ///< the printed value, two significant digits
};

/// \brief Every row of both tables, Su's first, each in increasing L (22 rows).
std::span<const PublishedMinimalBase> publishedMinimalBases();

/// \brief Whether a printed base keeps \f$f(m) = \sum_i \cos(m\,b^{-2i/d}) \ge 0\f$ on the
/// context, and where it first fails.
struct PublishedBaseCheck {
    bool passes = false;                   ///< f ≥ 0 for every checked m
    std::optional<long long> firstFailing; ///< first m with f(m) < 0
};

/// \brief Checks a printed base with firstNegativeDistance() (every m evaluated) on m ∈ [0, L),
/// or on m ∈ [0, L] when \p includeContext (Men et al.'s convention).
PublishedBaseCheck checkPublishedBase(const PublishedMinimalBase& row, bool includeContext);

} // namespace rope
