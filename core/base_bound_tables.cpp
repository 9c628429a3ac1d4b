// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound_tables.h"

#include "core/base_bound.h"

#include <array>

namespace rope {

namespace {

constexpr const char* kSu = "Su, kexue.fm/archives/10122 (2024), table b*(本文)";
constexpr const char* kMen = "Men, Xu et al., arXiv 2405.14591 (2024), as quoted by Su";

// Printed with two significant digits; "k" = 1024 (with L = 1000 the 1k row would be 4.2e3).
constexpr std::array<PublishedMinimalBase, 22> kTables{{
    {BaseTableSource::Su2024, "su-2024", kSu, "1k", 1024, 128, 4.3e3},
    {BaseTableSource::Su2024, "su-2024", kSu, "2k", 2048, 128, 1.2e4},
    {BaseTableSource::Su2024, "su-2024", kSu, "4k", 4096, 128, 2.7e4},
    {BaseTableSource::Su2024, "su-2024", kSu, "8k", 8192, 128, 8.4e4},
    {BaseTableSource::Su2024, "su-2024", kSu, "16k", 16384, 128, 2.3e5},
    {BaseTableSource::Su2024, "su-2024", kSu, "32k", 32768, 128, 6.3e5},
    {BaseTableSource::Su2024, "su-2024", kSu, "64k", 65536, 128, 2.1e6},
    {BaseTableSource::Su2024, "su-2024", kSu, "128k", 131072, 128, 4.9e6},
    {BaseTableSource::Su2024, "su-2024", kSu, "256k", 262144, 128, 2.4e7},
    {BaseTableSource::Su2024, "su-2024", kSu, "512k", 524288, 128, 5.8e7},
    {BaseTableSource::Su2024, "su-2024", kSu, "1M", 1048576, 128, 6.5e7},
    {BaseTableSource::Men2024, "men-2024", kMen, "1k", 1024, 128, 4.3e3},
    {BaseTableSource::Men2024, "men-2024", kMen, "2k", 2048, 128, 1.6e4},
    {BaseTableSource::Men2024, "men-2024", kMen, "4k", 4096, 128, 2.7e4},
    {BaseTableSource::Men2024, "men-2024", kMen, "8k", 8192, 128, 8.4e4},
    {BaseTableSource::Men2024, "men-2024", kMen, "16k", 16384, 128, 3.1e5},
    {BaseTableSource::Men2024, "men-2024", kMen, "32k", 32768, 128, 6.4e5},
    {BaseTableSource::Men2024, "men-2024", kMen, "64k", 65536, 128, 2.1e6},
    {BaseTableSource::Men2024, "men-2024", kMen, "128k", 131072, 128, 7.8e6},
    {BaseTableSource::Men2024, "men-2024", kMen, "256k", 262144, 128, 3.6e7},
    {BaseTableSource::Men2024, "men-2024", kMen, "512k", 524288, 128, 6.4e7},
    {BaseTableSource::Men2024, "men-2024", kMen, "1M", 1048576, 128, 5.1e8},
}};

} // namespace

std::span<const PublishedMinimalBase> publishedMinimalBases() {
    return kTables;
}

PublishedBaseCheck checkPublishedBase(const PublishedMinimalBase& row, bool includeContext) {
    PublishedBaseCheck out;
    out.firstFailing =
        firstNegativeDistance(row.dim, row.printedBase, row.context + (includeContext ? 1 : 0));
    out.passes = !out.firstFailing.has_value();
    return out;
}

} // namespace rope
