// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <array>
#include <string>
#include <vector>

/// \file mrope.h
/// Multimodal RoPE (M-RoPE) of Qwen2-VL and Qwen3-VL: each frequency pair reads one of three
/// position rows (temporal, height, width), and images/videos get 3-D positions.

namespace rope {

/// \brief How `mrope_section` assigns pairs to the three axes.
enum class MropeLayout {
    /// Qwen2-VL / Qwen2.5-VL: consecutive blocks, pairs [0, s0) temporal, [s0, s0+s1) height,
    /// the rest width (`apply_multimodal_rotary_pos_emb`).
    Blocks,
    /// Qwen3-VL: round robin t,h,w,t,h,w,… for the first 3·s1 pairs, temporal after that
    /// (`apply_interleaved_mrope`).
    Interleaved,
};

/// \brief Which position row (0 = temporal, 1 = height, 2 = width) each rotary pair reads.
///
/// Blocks: axis(j) = 0 for j < s₀, 1 for s₀ ≤ j < s₀+s₁, 2 otherwise.
/// Interleaved: axis(j) = 1 if j mod 3 = 1 and j < 3s₁; 2 if j mod 3 = 2 and j < 3s₂; else 0.
/// \param section `mrope_section` [s₀, s₁, s₂] (pairs per axis, each ≥ 0).
/// \param pairs rotary pairs d/2 (1 … limits::kMaxDim/2); must equal s₀+s₁+s₂.
/// \warning Throws InvalidParameter("mrope-section") for a section that is not three
/// non-negative counts summing to \p pairs.
/// Source: Wang et al. 2024, "Qwen2-VL", arXiv 2409.12191, §2.1; Qwen team 2025, "Qwen3-VL";
/// HF `modeling_qwen2_vl.py` (`apply_multimodal_rotary_pos_emb`) and `modeling_qwen3_vl.py`
/// (`Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope`), transformers 4.57.
std::vector<int> mropeAxisOfPair(const std::vector<int>& section, MropeLayout layout, int pairs);

/// \brief One run of tokens in a multimodal sequence.
struct MropeSegment {
    /// Text tokens (including vision start/end markers): `gridT` etc. unused.
    bool isText = true;
    /// A video grid ("video:TxHxW"); false for an image grid. Qwen3-VL splits only videos into
    /// frames; Qwen2.5-VL gives only videos a time axis.
    bool isVideo = false;
    /// Number of text tokens (≥ 1) when isText.
    long long textTokens = 0;
    /// Vision grid after the 2×2 spatial merge: T frames (1 for an image), H rows, W columns;
    /// the segment holds T·H·W tokens.
    int gridT = 1;
    int gridH = 1;
    int gridW = 1;
};

/// \brief The three rows of position ids (temporal, height, width) that `get_rope_index`
/// builds for a sequence.
///
/// Text: all three rows equal st + k (k = 0 … n−1), st = 1 + the largest id so far (0 at the
/// start). Vision grid T×H×W starting at st: token (t, h, w) in row-major order gets (st + t,
/// st + h, st + w). With \p splitFrames (Qwen3-VL), a grid with T > 1 is read as T grids of
/// 1×H×W, each starting after the previous one (Qwen3-VL puts timestamp text between frames;
/// give it as text segments to model it).
/// \param segments at most 2^26 tokens in total; text runs ≥ 1 token; grids with T, H, W ≥ 1.
/// \warning Throws InvalidParameter("tokens") for an empty sequence, an empty run or grid, or
/// more than limits::kMaxContext tokens.
/// Source: HF `Qwen2VLModel.get_rope_index` (transformers 4.57; temporal index = frame number)
/// and `Qwen3VLModel.get_rope_index` (only video grids are repeated per frame with T = 1:
/// `video_grid_thw` is expanded, `image_grid_thw` is not).
std::array<std::vector<long long>, 3> mropePositionIds(const std::vector<MropeSegment>& segments,
                                                       bool splitFrames);

/// \brief Qwen2.5-VL's time axis: a video frame t of a grid gets the temporal id
/// ⌊t · seconds_per_grid · tokens_per_second⌋ (torch `.long()` of a non-negative product), an
/// image grid 0 for every frame (`second_per_grid_t = 0` for images).
struct MropeTime {
    /// `vision_config.tokens_per_second` (> 0); 0 means no time axis (Qwen2-VL, Qwen3-VL).
    double tokensPerSecond = 0.0;
    /// Seconds covered by one temporal grid step (`second_per_grid_ts`, 1 by default in
    /// transformers: temporal_patch_size / fps).
    double secondsPerGrid = 1.0;
};

/// \brief mropePositionIds() with Qwen2.5-VL's time axis (\p time.tokensPerSecond > 0). The
/// next block starts at 1 + the largest id in any row, as `Qwen2_5_VLModel.get_rope_index`.
/// \warning Throws InvalidParameter("tokens") as above, ("tokens-per-second") or
/// ("seconds-per-grid") for a negative or non-finite value, or a temporal id above 2^40.
/// Source: HF `Qwen2_5_VLModel.get_rope_index` (transformers 4.57).
std::array<std::vector<long long>, 3> mropePositionIds(const std::vector<MropeSegment>& segments,
                                                       bool splitFrames, const MropeTime& time);

/// \brief Rotation angle of every pair at every token: angle(t, j) = p_{a(j)}(t) · θ_j, where a(j)
/// is the axis of pair j and p_a the position row of that axis.
///
/// For text tokens the three rows agree, so the angles are those of 1-D RoPE at that position.
/// \param invFreq θ_j (rad/token), one per pair. \param axisOfPair from mropeAxisOfPair(), same
/// size, entries 0…2. \param positionIds from mropePositionIds(), three rows of equal length.
/// \return tokens × pairs matrix (radians, not reduced mod 2π).
/// \warning Throws InvalidParameter("mrope-section") if the sizes or axis entries do not fit.
Eigen::MatrixXd mropeAngles(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                            const std::vector<int>& axisOfPair,
                            const std::array<std::vector<long long>, 3>& positionIds);

/// \brief Parses a token layout "text:5,image:1x4x6,video:2x4x6,text:3" into segments.
/// "image" and "video" both take T×H×W (after the spatial merge); T > 1 means frames.
/// \warning Throws InvalidParameter("tokens") naming the bad item.
std::vector<MropeSegment> parseMropeSegments(const std::string& layout);

} // namespace rope
