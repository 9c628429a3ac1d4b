// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/mrope.h"

#include "core/rope_params.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace rope {

std::vector<int> mropeAxisOfPair(const std::vector<int>& section, MropeLayout layout, int pairs) {
    if (pairs < 1 || pairs > limits::kMaxDim / 2) {
        throw InvalidParameter("dim", "M-RoPE needs 1 to " + std::to_string(limits::kMaxDim / 2) +
                                          " pairs, got " + std::to_string(pairs));
    }
    if (section.size() != 3 ||
        std::any_of(section.begin(), section.end(), [](int s) { return s < 0; })) {
        throw InvalidParameter("mrope-section",
                               "mrope_section must be three non-negative pair counts [t, h, w]");
    }
    const long long sum = static_cast<long long>(section[0]) + section[1] + section[2];
    if (sum != pairs) {
        // HF splits cos/sin of width 2·pairs by 2·section, so any other sum fails there too.
        throw InvalidParameter("mrope-section", "mrope_section sums to " + std::to_string(sum) +
                                                    ", but the head has " + std::to_string(pairs) +
                                                    " rotary pairs");
    }
    std::vector<int> axis(static_cast<std::size_t>(pairs), 0);
    for (int j = 0; j < pairs; ++j) {
        int a = 0;
        if (layout == MropeLayout::Blocks) {
            a = j < section[0] ? 0 : (j < section[0] + section[1] ? 1 : 2);
        } else {
            // apply_interleaved_mrope overwrites slice(offset, 3·section[axis], 3) of the temporal
            // row with the height (offset 1) and width (offset 2) rows.
            if (j % 3 == 1 && j < 3 * section[1]) {
                a = 1;
            } else if (j % 3 == 2 && j < 3 * section[2]) {
                a = 2;
            }
        }
        axis[static_cast<std::size_t>(j)] = a;
    }
    return axis;
}

std::array<std::vector<long long>, 3> mropePositionIds(const std::vector<MropeSegment>& segments,
                                                       bool splitFrames) {
    return mropePositionIds(segments, splitFrames, MropeTime{});
}

std::array<std::vector<long long>, 3> mropePositionIds(const std::vector<MropeSegment>& segments,
                                                       bool splitFrames, const MropeTime& time) {
    if (!std::isfinite(time.tokensPerSecond) || time.tokensPerSecond < 0.0) {
        throw InvalidParameter("tokens-per-second",
                               "tokens-per-second must be a finite number >= 0");
    }
    if (!std::isfinite(time.secondsPerGrid) || time.secondsPerGrid < 0.0) {
        throw InvalidParameter("seconds-per-grid", "seconds-per-grid must be a finite number >= 0");
    }
    if (segments.empty()) {
        throw InvalidParameter("tokens", "tokens: the sequence is empty");
    }
    long long total = 0;
    for (const MropeSegment& s : segments) {
        const long long n =
            s.isText ? s.textTokens : static_cast<long long>(s.gridT) * s.gridH * s.gridW;
        if (s.isText ? s.textTokens < 1 : (s.gridT < 1 || s.gridH < 1 || s.gridW < 1)) {
            throw InvalidParameter("tokens", "tokens: every text run and grid needs at least "
                                             "one token");
        }
        total += n;
        if (total > limits::kMaxContext) {
            throw InvalidParameter("tokens", "tokens: more than 67108864 tokens");
        }
    }
    std::array<std::vector<long long>, 3> rows;
    for (auto& r : rows) {
        r.reserve(static_cast<std::size_t>(total));
    }
    // get_rope_index: each block starts at 1 + the largest id of the previous block.
    long long next = 0;
    // Temporal id of frame ti: the frame number, or Qwen2.5-VL's ⌊ti·s·tps⌋ (0 for images).
    const auto temporalId = [&](int ti, bool video) -> long long {
        if (time.tokensPerSecond <= 0.0) {
            return ti;
        }
        if (!video) {
            return 0;
        }
        const double v = std::floor(ti * time.secondsPerGrid * time.tokensPerSecond);
        if (v > 1099511627776.0) {
            throw InvalidParameter("seconds-per-grid",
                                   "seconds-per-grid × tokens-per-second × frames exceeds 2^40");
        }
        return static_cast<long long>(v);
    };
    const auto addGrid = [&](int t, int h, int w, bool video) {
        long long largestT = 0;
        for (int ti = 0; ti < t; ++ti) {
            const long long tid = temporalId(ti, video);
            largestT = std::max(largestT, tid);
            for (int hi = 0; hi < h; ++hi) {
                for (int wi = 0; wi < w; ++wi) {
                    rows[0].push_back(next + tid);
                    rows[1].push_back(next + hi);
                    rows[2].push_back(next + wi);
                }
            }
        }
        const long long largest = next + std::max<long long>({largestT, h - 1, w - 1});
        next = largest + 1;
    };
    for (const MropeSegment& s : segments) {
        if (s.isText) {
            for (long long k = 0; k < s.textTokens; ++k) {
                for (auto& r : rows) {
                    r.push_back(next + k);
                }
            }
            next += s.textTokens;
        } else if (splitFrames && s.isVideo) {
            // Qwen3-VL expands video_grid_thw frame by frame; image grids stay whole.
            for (int f = 0; f < s.gridT; ++f) {
                addGrid(1, s.gridH, s.gridW, true);
            }
        } else {
            addGrid(s.gridT, s.gridH, s.gridW, s.isVideo);
        }
    }
    return rows;
}

Eigen::MatrixXd mropeAngles(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                            const std::vector<int>& axisOfPair,
                            const std::array<std::vector<long long>, 3>& positionIds) {
    if (static_cast<Eigen::Index>(axisOfPair.size()) != invFreq.size()) {
        throw InvalidParameter("mrope-section", "axis_of_pair has " +
                                                    std::to_string(axisOfPair.size()) +
                                                    " entries but there are " +
                                                    std::to_string(invFreq.size()) + " pairs");
    }
    const std::size_t tokens = positionIds[0].size();
    if (positionIds[1].size() != tokens || positionIds[2].size() != tokens) {
        throw InvalidParameter("mrope-section", "the three position rows differ in length");
    }
    Eigen::MatrixXd angles(static_cast<Eigen::Index>(tokens), invFreq.size());
    for (Eigen::Index j = 0; j < invFreq.size(); ++j) {
        const int axis = axisOfPair[static_cast<std::size_t>(j)];
        if (axis < 0 || axis > 2) {
            throw InvalidParameter("mrope-section", "axis_of_pair entries must be 0, 1 or 2");
        }
        const std::vector<long long>& row = positionIds[static_cast<std::size_t>(axis)];
        for (std::size_t t = 0; t < tokens; ++t) {
            angles(static_cast<Eigen::Index>(t), j) = static_cast<double>(row[t]) * invFreq[j];
        }
    }
    return angles;
}

namespace {

int parsePositive(const std::string& text, const std::string& item) {
    int v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || v < 1) {
        throw InvalidParameter("tokens", "tokens: '" + item +
                                             "' needs positive whole numbers, got '" + text + "'");
    }
    return v;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t pos = text.find(sep, start);
        out.push_back(
            text.substr(start, pos == std::string::npos ? std::string::npos : pos - start));
        if (pos == std::string::npos) {
            return out;
        }
        start = pos + 1;
    }
}

} // namespace

std::vector<MropeSegment> parseMropeSegments(const std::string& layout) {
    std::vector<MropeSegment> segments;
    for (const std::string& item : split(layout, ',')) {
        const std::size_t colon = item.find(':');
        if (colon == std::string::npos) {
            throw InvalidParameter("tokens", "tokens: '" + item +
                                                 "' is not kind:size (text:N, image:TxHxW or "
                                                 "video:TxHxW)");
        }
        const std::string kind = item.substr(0, colon);
        const std::string size = item.substr(colon + 1);
        MropeSegment s;
        if (kind == "text") {
            s.isText = true;
            s.textTokens = parsePositive(size, item);
        } else if (kind == "image" || kind == "video") {
            const std::vector<std::string> dims = split(size, 'x');
            if (dims.size() != 3) {
                throw InvalidParameter("tokens", "tokens: '" + item +
                                                     "' needs a grid TxHxW (after the 2x2 merge)");
            }
            s.isText = false;
            s.isVideo = kind == "video";
            s.gridT = parsePositive(dims[0], item);
            s.gridH = parsePositive(dims[1], item);
            s.gridW = parsePositive(dims[2], item);
        } else {
            throw InvalidParameter("tokens", "tokens: unknown kind '" + kind +
                                                 "' (known: text, image, video)");
        }
        segments.push_back(s);
    }
    return segments;
}

} // namespace rope
