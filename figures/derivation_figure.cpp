// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "derivation": from "the score may depend on positions only through m − n" to
// f(q, m) = q·exp(imθ), one step per page (RoFormer, Su et al. 2021, §3.4.1: the polar route),
// each page drawing its own step's configuration; then what one frequency can and cannot do,
// why sin alone is not enough, R_m with the frequency ladder, what many pairs buy (the shape of
// the score over distance) and why the ladder is geometric and what sets its base. Pages 1–9
// are pictures in the complex plane of one pair; the prose is FigureData::caption. The texts
// typeset their math in Unicode (eⁱᵐᶿ, θᵢ, Rₙ₋ₘ), never as e^(imθ) or θ_i, so slides and the
// handout can show them as they are.
#include "figures/derivation_figure.h"

#include "core/base_bound.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

namespace rope::figures {

const OptionTable& derivationOptions();

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTwoPi = 2.0 * std::numbers::pi;
// The drawn pair: |q| = 1 at angle Θ(q) = 0.4 rad, |k| = 0.7; k at Θ(q) + φ (option k-angle).
constexpr double kQLength = 1.0;
constexpr double kKLength = 0.7;
constexpr double kQAngle = 0.4;
// The matrix page shows the top-left block of R_m: at most this many pairs stay readable.
constexpr int kMatrixPairs = 8;
// Samples of the side plots' curves (scores under a shift of the positions).
constexpr int kCurveSamples = 256;

double reduceAngle(double a) {
    const double r = std::fmod(a, kTwoPi);
    return r < 0 ? r + kTwoPi : r;
}

// Readouts show at most four significant digits (integers in full).
double fourDigits(double v) {
    return v == std::round(v) ? v : QString::number(v, 'g', 4).toDouble();
}

QString number(double v) {
    if (v == std::round(v) && std::abs(v) < 1e7) {
        return QString::number(static_cast<long long>(v)).replace(QLatin1Char('-'), QChar(0x2212));
    }
    return QString::number(v, 'g', 4).replace(QLatin1Char('-'), QChar(0x2212));
}

Series guideCircle(double radius, Series s = {}) {
    s.style = SeriesStyle::Guide;
    for (int k = 0; k <= 128; ++k) {
        const double t = kTwoPi * k / 128;
        s.x.push_back(radius * std::cos(t));
        s.y.push_back(radius * std::sin(t));
    }
    s.x.push_back(std::nan(""));
    s.y.push_back(std::nan(""));
    return s;
}

Series arrow(const QString& name, double length, double angle, int colour,
             SeriesStyle style = SeriesStyle::Arrow) {
    Series s;
    s.name = name;
    s.style = style;
    s.colour = colour;
    s.x = {0.0, length * std::cos(angle)};
    s.y = {0.0, length * std::sin(angle)};
    return s;
}

// Counter-clockwise arc of radius r from angle `from` through `sweep` (≥ 0) radians.
Series arc(double radius, double from, double sweep, int colour) {
    Series s;
    s.name = FigureText::tr("arc");
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.inLegend = false;
    const int points = std::max(2, static_cast<int>(std::ceil(sweep / kTwoPi * 96)) + 1);
    for (int k = 0; k < points; ++k) {
        const double t = from + sweep * k / (points - 1);
        s.x.push_back(radius * std::cos(t));
        s.y.push_back(radius * std::sin(t));
    }
    return s;
}

// A label just outside an arc, at the given fraction of its sweep.
TextLabel arcLabel(double radius, double from, double sweep, const QString& text,
                   double at = 0.5) {
    const double t = from + at * sweep;
    return {(radius + 0.13) * std::cos(t), (radius + 0.13) * std::sin(t), text, false,
            LabelPlace::Near};
}

struct PageText {
    QString title;
    QString body;
    QString formula;
};

// One curve of a shift plot: f(s) for the shift s of the positions.
struct ShiftCurve {
    QString name;
    QString id;
    int colour = 0;
    std::function<double(double)> f;
};

// A side plot of curves over the shift s ∈ [0, span] by which the pages move one position or
// both (how a score or a factor changes when the positions do), kCurveSamples points each.
SidePlot shiftPlot(const QString& title, const QString& yLabel, double span,
                   std::pair<double, double> yRange, std::vector<ShiftCurve> curves) {
    SidePlot side;
    side.title = title;
    side.xLabel = FigureText::tr("shift s (tokens)");
    side.yLabel = yLabel;
    for (ShiftCurve& c : curves) {
        Series series;
        series.name = std::move(c.name);
        series.id = std::move(c.id);
        series.colour = c.colour;
        for (int k = 0; k < kCurveSamples; ++k) {
            const double s = span * k / (kCurveSamples - 1);
            series.x.push_back(s);
            series.y.push_back(c.f(s));
        }
        side.series.push_back(std::move(series));
    }
    side.xRange = {0.0, 1.04 * span};
    side.yRange = yRange;
    side.widthShare = 0.5;
    return side;
}

void setPage(FigureData& data, int page, const PageText& text) {
    data.title = FigureText::tr("Derivation %1/%2: %3")
                     .arg(page)
                     .arg(kDerivationPages)
                     .arg(text.title);
    data.caption = text.body + QStringLiteral("\n\n") + text.formula;
}

void complexPlane(FigureData& data) {
    data.xLabel = FigureText::tr("real part");
    data.yLabel = FigureText::tr("imaginary part");
    data.xRange = {{-1.3, 1.3}};
    data.yRange = {{-1.3, 1.3}};
    data.equalAspect = true;
    data.legendBelow = true;
}

// Score of q at position a and k at position b (both along the drawn pair): the real part of
// f(q, a)·f(k, b)* = |q||k| cos(Θ(q) + aθ − Θ(k) − bθ).
double rotaryScore(double theta, double alpha, double a, double b) {
    return kQLength * kKLength * std::cos((b - a) * theta + alpha);
}

// What one of pages 2–7 draws: q at position a, k at position b, and the arcs of that step.
struct StepPicture {
    double a = 0; ///< position of q
    double b = 0; ///< position of k
};

// Pages 1–7: the derivation. Each page draws its own step: the requirement and the result at
// the shared m, n; the length and angle steps at n = m; the one-step page at n = m − 1.
void derivationPage(FigureData& data, int page, double theta, double alpha, double m, double n) {
    static const char* const kTitles[] = {
        QT_TRANSLATE_NOOP("Figures", "q and k as complex numbers"),
        QT_TRANSLATE_NOOP("Figures", "the requirement"),
        QT_TRANSLATE_NOOP("Figures", "polar form, and a stronger requirement"),
        QT_TRANSLATE_NOOP("Figures", "set n = m: the lengths"),
        QT_TRANSLATE_NOOP("Figures", "set n = m: the angles"),
        QT_TRANSLATE_NOOP("Figures", "set n = m − 1: one step"),
        QT_TRANSLATE_NOOP("Figures", "the result is a rotation"),
    };
    PageText text;
    text.title = FigureText::tr(kTitles[page - 1]);
    switch (page) {
    case 1:
        text.body = FigureText::tr(
            "Take one pair of coordinates of a query q and of a key k and read each as a complex "
            "number, a length and an angle: q = ‖q‖·exp(iΘ(q)). Their dot product is the real "
            "part of q times the conjugate k* of k. Multiplying by exp(iα) turns a vector by α "
            "and keeps its length: the derivation will arrive at exactly this operation.");
        text.formula = FigureText::tr("⟨q, k⟩ = Re[q·k*] = ‖q‖‖k‖·cos(Θ(q) − Θ(k))");
        break;
    case 2:
        text.body = FigureText::tr(
            "Let f(q, m) put position m into q. Attention only sees dot products, so ask that "
            "the score of q at m and k at n depend on the positions only through m − n, and "
            "that position 0 change nothing: f(q, 0) = q. To make the requirement concrete the "
            "picture already uses the answer of page 7; beside, moving m and n together keeps "
            "the score, moving n alone does not.");
        text.formula = FigureText::tr("⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)");
        break;
    case 3:
        text.body = FigureText::tr(
            "RoFormer's derivation asks more than page 2: that the whole complex product "
            "f(q, m)·f(k, n)* depend on m − n only, not just its real part, the score. This is "
            "a strengthening, made for simplicity (Su: “简单起见”): what it finds meets page 2's "
            "requirement, but encodings that meet it only through the real part are not looked "
            "for. Write each unknown in polar form, a length r and an angle ϑ; g = ρ·exp(iψ). A "
            "product multiplies lengths and adds angles, so the one equation splits in two.");
        text.formula = FigureText::tr(
            "f(q, m) = r(q, m)·exp(iϑ(q, m))\nr(q, m)·r(k, n) = ρ(q, k, m − n)\n"
            "ϑ(q, m) − ϑ(k, n) = ψ(q, k, m − n)");
        break;
    case 4:
        text.body = FigureText::tr(
            "Set n = m. The right side no longer depends on the position, so it keeps its value "
            "at m = n = 0, where f changes nothing: r(q, m)·r(k, m) = ‖q‖‖k‖. That alone does "
            "not fix each length: if queries and keys had different encodings, ‖q‖·aᵐ and "
            "‖k‖·a⁻ᵐ would also do (dashed; the family xPos builds on). RoPE encodes both with "
            "one f, so put k = q: r(q, m)² = ‖q‖², hence r(q, m) = ‖q‖. Drawn at n = m: the "
            "arrows stay on their circles.");
        text.formula = FigureText::tr("r(q, m)·r(k, m) = ‖q‖‖k‖;   k = q  ⇒  r(q, m) = ‖q‖");
        break;
    case 5:
        text.body = FigureText::tr(
            "The angle equation at n = m has the same right side for every m, its value at 0: "
            "Θ(q) − Θ(k). Rearranged, the left side below depends on q alone and the right side "
            "on k alone, so both equal one function φ(m) of the position: at position m every "
            "vector is turned by the same angle φ(m), and φ(0) = 0. Drawn at n = m: both arcs "
            "are φ(m), and the angle α between q and k stays.");
        text.formula = FigureText::tr("ϑ(q, m) − Θ(q) = ϑ(k, m) − Θ(k) = φ(m)");
        break;
    case 6:
        text.body = FigureText::tr(
            "Now take neighbours, n = m − 1. The angle equation gives φ(m) − φ(m − 1) = "
            "ψ(q, k, 1) + Θ(k) − Θ(q), and the right side does not depend on m. So each step of "
            "one position turns by the same angle θ: φ is an arithmetic progression starting at "
            "φ(0) = 0. Drawn: k one position behind q; the dashed arrow is k one step later, θ "
            "further on.");
        text.formula = FigureText::tr("φ(m) − φ(m − 1) = θ  ⇒  ϑ(q, m) = Θ(q) + mθ");
        break;
    default:
        text.body = FigureText::tr(
            "Put length and angle together: f(q, m) = ‖q‖·exp(i(Θ(q) + mθ)) = q·eⁱᵐᶿ. "
            "Position m turns q by mθ, position n turns k by nθ, and the angle between them "
            "changes by (n − m)θ whatever m and n are. As a real 2×2 matrix this is the "
            "rotation Rₘ, and RₘᵀRₙ = Rₙ₋ₘ.");
        text.formula = FigureText::tr("f(q, m) = q·eⁱᵐᶿ\n⟨Rₘq, Rₙk⟩ = qᵀRₙ₋ₘk");
        break;
    }
    setPage(data, page, text);
    complexPlane(data);

    const double kAngle = kQAngle + alpha;
    Series circles = guideCircle(kQLength);
    circles = guideCircle(kKLength, circles);
    circles.name = FigureText::tr("circles |q| and |k|");
    circles.id = QStringLiteral("circles");
    data.series.push_back(std::move(circles));
    if (page == 1) {
        data.series.push_back(arrow(FigureText::tr("q = ‖q‖·exp(iΘ(q))"), kQLength, kQAngle, 0));
        data.series.back().id = QStringLiteral("q");
        data.series.push_back(arrow(FigureText::tr("k = ‖k‖·exp(iΘ(k))"), kKLength, kAngle, 1));
        data.series.back().id = QStringLiteral("k");
        data.series.push_back(arc(0.3, 0.0, kQAngle, 0));
        data.series.back().id = QStringLiteral("arc-q");
        data.labels.push_back(arcLabel(0.3, 0.0, kQAngle, FigureText::tr("Θ(q)")));
        if (alpha != 0.0) {
            const double sweep = reduceAngle(alpha);
            data.series.push_back(arc(0.45, kQAngle, sweep, 1));
            data.series.back().id = QStringLiteral("arc-k-minus-q");
            data.labels.push_back(
                arcLabel(0.45, kQAngle, sweep, FigureText::tr("α = Θ(k) − Θ(q)")));
        }
        data.readouts = {
            {FigureText::tr("‖q‖"), kQLength, QString()},
            {FigureText::tr("Θ(q)"), kQAngle, QStringLiteral("rad")},
            {FigureText::tr("‖k‖"), kKLength, QString()},
            {FigureText::tr("⟨q, k⟩"), fourDigits(kQLength * kKLength * std::cos(alpha)),
             QString()},
        };
        return;
    }
    // The positions this step draws.
    StepPicture at{m, n};
    if (page == 4 || page == 5) {
        at = {m, m};
    } else if (page == 6) {
        at = {m, m - 1};
    }
    const double angleA = reduceAngle(at.a * theta);
    const double angleB = reduceAngle(at.b * theta);
    // The angle from f(q, a) to f(k, b), counter-clockwise: α + (b − a)θ mod 2π.
    const double between = reduceAngle(alpha + (at.b - at.a) * theta);
    Series q0 = arrow(FigureText::tr("q, k at position 0"), kQLength, kQAngle, 6,
                      SeriesStyle::Path);
    q0.id = QStringLiteral("q-k-at-0");
    Series k0 = arrow(QString(), kKLength, kAngle, 6, SeriesStyle::Path);
    k0.id = QStringLiteral("k-at-0");
    k0.inLegend = false;
    data.series.push_back(std::move(q0));
    data.series.push_back(std::move(k0));
    const QString qName = page == 3   ? FigureText::tr("f(q, m) = r·exp(iϑ)")
                          : page == 7 ? FigureText::tr("f(q, m) = q·eⁱᵐᶿ")
                                      : FigureText::tr("f(q, m)");
    const QString kName = page == 4 || page == 5 ? FigureText::tr("f(k, m), the key at n = m")
                          : page == 6            ? FigureText::tr("f(k, m − 1), one step behind")
                          : page == 7            ? FigureText::tr("f(k, n) = k·eⁱⁿᶿ")
                                                 : FigureText::tr("f(k, n)");
    data.series.push_back(arrow(qName, kQLength, kQAngle + at.a * theta, 0));
    data.series.back().id = QStringLiteral("f-q-m");
    data.series.push_back(arrow(kName, kKLength, kAngle + at.b * theta, 1));
    data.series.back().id = QStringLiteral("f-k-n");
    // Arcs at radii 0.25, 0.5 and 0.85 with labels 0.13 outside each, at the arc's middle: a
    // label stays nearer its own arc than the next one (0.12 to it, ≥ 0.22 to the next).
    switch (page) {
    case 3: {
        const double thetaQ = reduceAngle(kQAngle + at.a * theta);
        const double thetaK = reduceAngle(kAngle + at.b * theta);
        data.series.push_back(arc(0.25, 0.0, thetaQ, 0));
        data.series.back().id = QStringLiteral("arc-angle-q");
        data.labels.push_back(arcLabel(0.25, 0.0, thetaQ, FigureText::tr("ϑ(q, m)")));
        data.series.push_back(arc(0.5, 0.0, thetaK, 1));
        data.series.back().id = QStringLiteral("arc-angle-k");
        // Both angles are measured from 0, so the two arcs' middles lie close together: the
        // outer label sits at 4/5 of its arc (at the defaults on the lower left, clear of the
        // inner one's label, which at a slide's text size it covered at the middle).
        data.labels.push_back(arcLabel(0.5, 0.0, thetaK, FigureText::tr("ϑ(k, n)"), 0.8));
        // A label a line's height off the arrow, so that its text does not sit on it.
        data.labels.push_back({0.55 * kQLength * std::cos(thetaQ) + 0.2 * std::sin(thetaQ),
                               0.55 * kQLength * std::sin(thetaQ) - 0.2 * std::cos(thetaQ),
                               FigureText::tr("r(q, m)"), false, LabelPlace::Near});
        break;
    }
    case 4: {
        // Another solution of the length equation when q and k have separate encodings: lengths
        // ‖q‖aᵐ and ‖k‖a⁻ᵐ (drawn for aᵐ = 1.2), the dashed circles the arrows would move to.
        constexpr double kGrowth = 1.2;
        Series grown = guideCircle(kQLength * kGrowth);
        grown.name = FigureText::tr("separate encodings: ‖q‖·aᵐ and ‖k‖·a⁻ᵐ");
        grown.id = QStringLiteral("xpos-q");
        grown.style = SeriesStyle::Path;
        grown.colour = 0;
        grown.dashed = true;
        Series shrunk = guideCircle(kKLength / kGrowth);
        shrunk.id = QStringLiteral("xpos-k");
        shrunk.style = SeriesStyle::Path;
        shrunk.colour = 1;
        shrunk.dashed = true;
        shrunk.inLegend = false;
        for (Series* c : {&grown, &shrunk}) { // a guide circle ends in a NaN break
            c->x.pop_back();
            c->y.pop_back();
        }
        data.series.push_back(std::move(grown));
        data.series.push_back(std::move(shrunk));
        break;
    }
    case 5:
        data.series.push_back(arc(0.25, kQAngle, angleA, 0));
        data.series.back().id = QStringLiteral("arc-phi-q");
        data.labels.push_back(arcLabel(0.25, kQAngle, angleA, FigureText::tr("φ(m)")));
        data.series.push_back(arc(0.5, kAngle, angleB, 1));
        data.series.back().id = QStringLiteral("arc-phi-k");
        data.labels.push_back(arcLabel(0.5, kAngle, angleB, FigureText::tr("φ(m)")));
        break;
    case 6: {
        Series later = arrow(FigureText::tr("f(k, m), one step later"), kKLength,
                             kAngle + at.a * theta, 1, SeriesStyle::Path);
        later.id = QStringLiteral("f-k-next");
        later.dashed = true;
        data.series.push_back(std::move(later));
        const double step = reduceAngle(theta);
        data.series.push_back(arc(0.5, kAngle + at.b * theta, step, 1));
        data.series.back().id = QStringLiteral("arc-step");
        data.labels.push_back(arcLabel(0.5, kAngle + at.b * theta, step, FigureText::tr("θ")));
        break;
    }
    case 7:
        data.series.push_back(arc(0.25, kQAngle, angleA, 0));
        data.series.back().id = QStringLiteral("arc-m-theta");
        data.labels.push_back(arcLabel(0.25, kQAngle, angleA, FigureText::tr("mθ")));
        data.series.push_back(arc(0.5, kAngle, angleB, 1));
        data.series.back().id = QStringLiteral("arc-n-theta");
        data.labels.push_back(arcLabel(0.5, kAngle, angleB, FigureText::tr("nθ")));
        break;
    default:
        break;
    }
    // The green arc from f(q, ·) to f(k, ·): what the score sees. Not on the one-step page,
    // whose point is the step θ (and where α − θ is a sliver at the defaults, θ₀ = 1 rad ≈ 57°).
    QString betweenLabel;
    if (page == 4 || page == 5) {
        betweenLabel = FigureText::tr("α");
    } else if (page == 3) {
        betweenLabel = FigureText::tr("ϑ(k, n) − ϑ(q, m)");
    } else {
        betweenLabel = alpha == 0.0 ? FigureText::tr("(n − m)θ") : FigureText::tr("α + (n − m)θ");
    }
    if (page != 6) {
        data.series.push_back(arc(0.85, kQAngle + at.a * theta, between, 2));
        data.series.back().id = QStringLiteral("arc-between");
        data.labels.push_back(arcLabel(0.85, kQAngle + at.a * theta, between, betweenLabel));
    }
    const double score = rotaryScore(theta, alpha, at.a, at.b);
    if (page == 4 || page == 5) {
        data.readouts = {
            {FigureText::tr("m = n"), m, QString()},
            {FigureText::tr("θ"), fourDigits(theta), FigureText::tr("rad/token")},
            {FigureText::tr("‖f(q, m)‖"), kQLength, QString()},
            {FigureText::tr("score"), fourDigits(score), QString()},
        };
    } else if (page == 6) {
        data.readouts = {
            {FigureText::tr("m"), m, QString()},
            {FigureText::tr("n = m − 1"), m - 1, QString()},
            {FigureText::tr("θ"), fourDigits(theta), FigureText::tr("rad/token")},
            {FigureText::tr("score"), fourDigits(score), QString()},
        };
    } else {
        data.readouts = {
            {FigureText::tr("m"), m, QString()},
            {FigureText::tr("n"), n, QString()},
            {FigureText::tr("(n − m)θ mod 2π"), fourDigits(reduceAngle((n - m) * theta)),
             QStringLiteral("rad")},
            {FigureText::tr("score"), fourDigits(score), QString()},
        };
    }
    if (page == 2) {
        // Beside: the score when both positions move by s (flat) and when only n does.
        const double span = std::min(2.0 * kTwoPi / theta, 1.0e6);
        data.side = shiftPlot(
            FigureText::tr("Score as positions move"), FigureText::tr("score"), span, {-1.0, 1.0},
            {{FigureText::tr("m, n + s"), QStringLiteral("alone"), 3,
              [=](double s) { return rotaryScore(theta, alpha, m, n + s); }},
             {FigureText::tr("m + s, n + s"), QStringLiteral("together"), 2,
              [=](double s) { return rotaryScore(theta, alpha, m + s, n + s); }}});
    }
}

// Page 8: one frequency repeats; the nearest pair of integer positions whose angles agree.
void collisionPage(FigureData& data, double theta, double m, double toleranceDeg,
                   long long context) {
    const double tolerance = toleranceDeg * kPi / 180.0;
    const long long limit = std::clamp(context - 1, 1LL, kMaxCollisionGap);
    const PositionCollision hit = nearestCollision(theta, tolerance, limit);
    const double period = kTwoPi / theta;
    PageText text;
    text.title = FigureText::tr("one θ: can it tell positions apart?");
    if (hit.found) {
        text.body =
            FigureText::tr(
                "A fast θ cannot: mθ counts only modulo 2π (a turn every 2π/θ = %1 tokens), and "
                "positions %2 and %3 (%4 apart) get angles %5° apart, within the tolerance of "
                "%6°: to this pair they are one position. A slow pair with θ < 2π/L never comes "
                "round inside the context, so one θ could keep every position apart; that is "
                "not why RoPE uses many. Page 11 shows the reason: the shape of the score.")
                .arg(number(period), QString::number(static_cast<long long>(m)),
                     QString::number(static_cast<long long>(m) + hit.gap),
                     QString::number(hit.gap), number(std::abs(hit.residual) * 180.0 / kPi),
                     number(toleranceDeg));
    } else {
        text.body =
            FigureText::tr(
                "This slow pair can: within gaps up to %2 no position comes back within %3° of "
                "another (a turn takes 2π/θ = %1 tokens), so it keeps every position of the "
                "context apart by itself, though neighbours differ by only %4°. Telling "
                "positions apart is therefore not why RoPE uses many pairs. Page 11 shows the "
                "reason: the shape of the score.")
                .arg(number(period), QString::number(hit.searched), number(toleranceDeg),
                     number(theta * 180.0 / kPi));
    }
    text.formula = FigureText::tr("exp(i(m + 2π/θ)θ) = exp(imθ)");
    setPage(data, kCollisionPage, text);
    complexPlane(data);
    // Positions m, m + 1, … (at most 720 dots) on the unit circle, then the colliding two.
    const double second = hit.found ? m + static_cast<double>(hit.gap) : m + period;
    Series dots;
    dots.name = FigureText::tr("positions m, m+1, …");
    dots.id = QStringLiteral("positions");
    dots.style = SeriesStyle::Scatter;
    dots.colour = 6;
    const long long shown = std::min<long long>(hit.found ? hit.gap : 720, 720);
    for (long long j = 0; j <= shown; ++j) {
        dots.x.push_back(std::cos((m + j) * theta));
        dots.y.push_back(std::sin((m + j) * theta));
    }
    data.series.push_back(guideCircle(1.0));
    data.series.back().id = QStringLiteral("unit-circle");
    data.series.push_back(std::move(dots));
    const double a = m * theta;
    const double b = second * theta;
    data.series.push_back(arrow(FigureText::tr("eⁱᵐᶿ, position m"), 1.0, a, 0));
    data.series.back().id = QStringLiteral("position-m");
    data.series.push_back(arrow(FigureText::tr("exp(im′θ), colliding position m′"), 0.8, b, 1));
    data.series.back().id = QStringLiteral("position-m-prime");
    data.labels.push_back({0.62 * std::cos(a) - 0.18 * std::sin(a),
                           0.62 * std::sin(a) + 0.18 * std::cos(a),
                           FigureText::tr("m = %1").arg(number(m)), false, LabelPlace::Near});
    data.labels.push_back({0.45 * std::cos(b) + 0.18 * std::sin(b),
                           0.45 * std::sin(b) - 0.18 * std::cos(b),
                           FigureText::tr("m′ = %1").arg(number(second)), false, LabelPlace::Near});
    data.readouts = {
        {FigureText::tr("θ"), fourDigits(theta), FigureText::tr("rad/token")},
        {FigureText::tr("period 2π/θ"), fourDigits(period), FigureText::tr("tokens")},
        {FigureText::tr("m"), m, QString()},
        {FigureText::tr("m′"), fourDigits(second), QString()},
        {FigureText::tr("angle m′θ − mθ, nearest turn"),
         fourDigits(hit.found ? hit.residual * 180.0 / kPi : 0.0), QStringLiteral("°")},
    };
    if (hit.found && hit.gap <= 2000) {
        // Beside: the angle of every position between the two, mod 2π (a sawtooth).
        SidePlot side;
        side.title = FigureText::tr("Angle of each position");
        side.xLabel = FigureText::tr("position");
        side.yLabel = FigureText::tr("angle mod 2π (°)");
        Series all;
        all.name = FigureText::tr("positions");
        all.id = QStringLiteral("positions");
        all.style = SeriesStyle::Scatter;
        all.colour = 6;
        all.inLegend = false;
        for (long long j = 0; j <= hit.gap; ++j) {
            all.x.push_back(m + static_cast<double>(j));
            all.y.push_back(reduceAngle((m + static_cast<double>(j)) * theta) * 180.0 / kPi);
        }
        Series pairPoints;
        pairPoints.name = FigureText::tr("m and m′");
        pairPoints.id = QStringLiteral("m-and-m-prime");
        pairPoints.style = SeriesStyle::Scatter;
        pairPoints.colour = 1;
        pairPoints.inLegend = false;
        pairPoints.x = {m, second};
        pairPoints.y = {reduceAngle(a) * 180.0 / kPi, reduceAngle(b) * 180.0 / kPi};
        // The angle of position m across the plot: only m′ comes back onto it.
        Series level;
        level.name = FigureText::tr("angle of position m");
        level.id = QStringLiteral("angle-of-m");
        level.style = SeriesStyle::Path;
        level.colour = 0;
        level.inLegend = false;
        level.x = {m, second};
        level.y = {reduceAngle(a) * 180.0 / kPi, reduceAngle(a) * 180.0 / kPi};
        side.series = {std::move(level), std::move(all), std::move(pairPoints)};
        side.xRange = {m - 0.02 * hit.gap - 1, second + 0.02 * hit.gap + 1};
        side.yRange = {0.0, 380.0};
        side.widthShare = 0.5;
        data.side = std::move(side);
    }
}

// Page 9: sin alone cannot tell two integer positions apart (mirror angles) and is not relative.
// With \p showShift false (a course step that asks what the shift does) the side plot draws the
// two factors sin((m + s)θ) and sin((n + s)θ) instead of their product, and the caption asks
// instead of answering.
void sinPage(FigureData& data, double theta, double alpha, double m, double n, double toleranceDeg,
             long long context, bool showShift) {
    // A position whose cos is far from 0, so that its mirror is visibly another direction.
    double a = m;
    for (int k = 0; k < 100000 && std::abs(std::cos(a * theta)) < 0.25; ++k) {
        a += 1.0;
    }
    const double tolerance = toleranceDeg * kPi / 180.0;
    const long long limit = std::clamp(std::max(context - 1, static_cast<long long>(a) + 1),
                                       1LL, kMaxCollisionGap);
    const IntegerMirror hit =
        nearestIntegerMirror(theta, static_cast<long long>(a), tolerance, limit);
    PageText text;
    text.title = FigureText::tr("sin alone is not enough");
    if (!showShift) {
        const QString mirror =
            hit.found
                ? FigureText::tr(
                      "Why both cos and sin? Encode a position by sin(mθ) alone: token positions "
                      "%1 and %2 turn to mirror images across the imaginary axis (within %3°), "
                      "so their sin values %4 and %5 agree and only cos, %6 against %7, tells "
                      "them apart.")
                      .arg(number(a), QString::number(hit.position),
                           number(std::abs(hit.residual) * 180.0 / kPi),
                           number(fourDigits(std::sin(a * theta))),
                           number(fourDigits(std::sin(static_cast<double>(hit.position) * theta))),
                           number(fourDigits(std::cos(a * theta))),
                           number(fourDigits(std::cos(static_cast<double>(hit.position) * theta))))
                : FigureText::tr(
                      "Why both cos and sin? Encode a position by sin(mθ) alone and the angle "
                      "π − mθ has the same sin as mθ. For this slow pair no token position up to "
                      "%1 lands within %2° of that mirror angle of position %3: the ambiguity "
                      "lies beyond the context.")
                      .arg(QString::number(limit), number(toleranceDeg), number(a));
        text.body = mirror + QLatin1Char(' ') +
                    FigureText::tr("Now scale q by sin(mθ) and k by sin(nθ) and move both "
                                   "positions by the same s: beside, the two factors.");
    } else if (hit.found) {
        text.body =
            FigureText::tr(
                "Why both cos and sin? Encode a position by sin(mθ) alone: token positions %1 "
                "and %2 turn to mirror images across the imaginary axis (within %3°), so their "
                "sin values %4 and %5 agree and only cos, %6 against %7, tells them apart. "
                "Scaling q and k by sin is not relative either: sin(mθ)·sin(nθ) = "
                "½[cos((m − n)θ) − cos((m + n)θ)] depends on m + n (beside: both positions "
                "shifted).")
                .arg(number(a), QString::number(hit.position),
                     number(std::abs(hit.residual) * 180.0 / kPi),
                     number(fourDigits(std::sin(a * theta))),
                     number(fourDigits(std::sin(static_cast<double>(hit.position) * theta))),
                     number(fourDigits(std::cos(a * theta))),
                     number(fourDigits(std::cos(static_cast<double>(hit.position) * theta))));
    } else {
        text.body =
            FigureText::tr(
                "Why both cos and sin? Encode a position by sin(mθ) alone and the angle π − mθ "
                "has the same sin as mθ. For this slow pair no token position up to %1 lands "
                "within %2° of that mirror angle of position %3: the ambiguity lies beyond the "
                "context. It does not go away: sin(mθ)·sin(nθ) = ½[cos((m − n)θ) − "
                "cos((m + n)θ)] depends on m + n, so sin alone is not relative (beside: both "
                "positions shifted).")
                .arg(QString::number(limit), number(toleranceDeg), number(a));
    }
    text.formula = FigureText::tr("sin(mθ) = sin(π − mθ),   cos(mθ) = −cos(π − mθ)");
    setPage(data, kSinPage, text);
    complexPlane(data);
    const double ta = a * theta;
    const double tb = hit.found ? static_cast<double>(hit.position) * theta : kPi - ta;
    data.series.push_back(guideCircle(1.0));
    data.series.back().id = QStringLiteral("unit-circle");
    Series level;
    level.name = FigureText::tr("equal sin");
    level.id = QStringLiteral("equal-sin");
    level.style = SeriesStyle::Path;
    level.colour = 5;
    level.x = {-1.2, 1.2};
    level.y = {std::sin(ta), std::sin(ta)};
    data.series.push_back(std::move(level));
    data.series.push_back(arrow(FigureText::tr("eⁱᵐᶿ, position m"), 1.0, ta, 0));
    data.series.back().id = QStringLiteral("position-m");
    if (hit.found) {
        data.series.push_back(arrow(FigureText::tr("exp(im′θ), mirror position m′"), 1.0, tb, 1));
        data.series.back().id = QStringLiteral("mirror-m-prime");
    } else {
        Series mirror = arrow(FigureText::tr("angle π − mθ (no position within the context)"),
                              1.0, tb, 1, SeriesStyle::Path);
        mirror.id = QStringLiteral("mirror-angle");
        mirror.dashed = true;
        data.series.push_back(std::move(mirror));
    }
    // Labels inside the circle, on the side of each arrow away from the sin line.
    const double offset = std::sin(ta) >= 0 ? -0.12 : 0.12;
    data.labels.push_back({0.6 * std::cos(ta), 0.6 * std::sin(ta) + offset,
                           FigureText::tr("m = %1").arg(number(a)), false, LabelPlace::Near});
    if (hit.found) {
        data.labels.push_back({0.6 * std::cos(tb), 0.6 * std::sin(tb) + offset,
                               FigureText::tr("m′ = %1").arg(hit.position), false, LabelPlace::Near});
    }
    data.readouts = {
        {FigureText::tr("m"), a, QString()},
        {FigureText::tr("sin mθ"), fourDigits(std::sin(ta)), QString()},
        {FigureText::tr("cos mθ"), fourDigits(std::cos(ta)), QString()},
    };
    if (hit.found) {
        data.readouts.push_back(
            {FigureText::tr("m′"), static_cast<double>(hit.position), QString()});
    }
    const double span = std::min(2.0 * kTwoPi / theta, 1.0e6);
    if (!showShift) {
        // The question's two factors, each a sinusoid in s; whether their product stays is
        // what the student predicts, so it is not drawn.
        data.side = shiftPlot(
            FigureText::tr("The two factors as both positions move"), FigureText::tr("factor"),
            span, {-1.1, 1.1},
            {{FigureText::tr("sin((m + s)θ), on q"), QStringLiteral("sin-q"), 2,
              [=](double s) { return std::sin((m + s) * theta); }},
             {FigureText::tr("sin((n + s)θ), on k"), QStringLiteral("sin-k"), 4,
              [=](double s) { return std::sin((n + s) * theta); }}});
        return;
    }
    const double dot = kQLength * kKLength * std::cos(alpha);
    data.side = shiftPlot(
        FigureText::tr("Score as both positions move"), FigureText::tr("score of m + s, n + s"),
        span, {-1.0, 1.0},
        {{FigureText::tr("rotation"), QStringLiteral("rotation"), 2,
          [=](double s) { return rotaryScore(theta, alpha, m + s, n + s); }},
         {FigureText::tr("sin only"), QStringLiteral("sin-only"), 3,
          [=](double s) { return dot * std::sin((m + s) * theta) * std::sin((n + s) * theta); }}});
}

// Page 10: R_m block diagonal (top-left pairs) and the ladder θ_i = b^(−2i/d).
void ladderPage(FigureData& data, const Eigen::ArrayXd& theta, double m, int dim, double base) {
    const auto pairs = static_cast<int>(theta.size());
    const int shown = std::min(pairs, kMatrixPairs);
    PageText text;
    text.title = FigureText::tr("many pairs: Rₘ and the frequency ladder");
    text.body = FigureText::tr(
        "A head of d = %1 coordinates is cut into %2 pairs, and pair i turns with its own "
        "θᵢ = b⁻²ⁱᐟᵈ: from θ₀ = 1 rad per token down to θ%3 = %4 (b = %5). Rₘ is block "
        "diagonal, one 2×2 rotation per pair, so the derivation holds pair by pair and the "
        "score still depends on m − n only.")
                    .arg(dim)
                    .arg(pairs)
                    .arg(subscriptDigits(pairs - 1))
                    .arg(number(theta[pairs - 1]), number(base));
    text.formula = FigureText::tr("Rₘ = diag(R(mθ₀), R(mθ₁), …)\nθᵢ = b⁻²ⁱᐟᵈ");
    setPage(data, kLadderPage, text);
    const Eigen::MatrixXd r =
        rope::rotationMatrix(theta.head(shown), m, rope::Layout::Interleaved);
    ColourMap map;
    map.columns = 2 * shown;
    map.rows = 2 * shown;
    map.xFirst = 0;
    map.xLast = 2 * shown - 1;
    map.yFirst = 0;
    map.yLast = 2 * shown - 1;
    map.values.resize(static_cast<std::size_t>(map.columns) * map.rows);
    for (int row = 0; row < map.rows; ++row) {
        for (int col = 0; col < map.columns; ++col) {
            map.values[static_cast<std::size_t>(row) * map.columns + col] = r(row, col);
        }
    }
    map.zMin = -1;
    map.zMax = 1;
    map.label = FigureText::tr("entry of Rₘ");
    data.colourMap = std::move(map);
    data.yReversed = true;
    data.equalAspect = true;
    data.xLabel = shown < pairs ? FigureText::tr("column, by pair i (first %1 of %2 pairs)")
                                      .arg(shown)
                                      .arg(pairs)
                                : FigureText::tr("column, by pair i");
    data.yLabel = FigureText::tr("row, by pair i");
    data.xRange = {{-0.5, 2.0 * shown - 0.5}};
    data.yRange = {{-0.5, 2.0 * shown - 0.5}};
    for (int i = 0; i < shown; ++i) {
        data.xTicks.push_back({2.0 * i + 0.5, QString::number(i)});
        data.yTicks.push_back({2.0 * i + 0.5, QString::number(i)});
    }
    data.readouts = {
        {FigureText::tr("m"), m, QString()},
        {FigureText::tr("d"), static_cast<double>(dim), QString()},
        {FigureText::tr("b"), fourDigits(base), QString()},
        {FigureText::tr("θ%1 (slowest)").arg(subscriptDigits(pairs - 1)),
         fourDigits(theta[pairs - 1]), FigureText::tr("rad/token")},
    };
    SidePlot side;
    side.title = FigureText::tr("Frequency ladder θᵢ = b⁻²ⁱᐟᵈ");
    side.xLabel = FigureText::tr("pair i");
    side.yLabel = FigureText::tr("log₁₀ θᵢ");
    Series ladder;
    ladder.name = FigureText::tr("log₁₀ θᵢ");
    ladder.id = QStringLiteral("ladder");
    ladder.style = SeriesStyle::Scatter;
    ladder.colour = 0;
    ladder.inLegend = false;
    Series drawn;
    drawn.name = FigureText::tr("pairs in the matrix");
    drawn.id = QStringLiteral("drawn");
    drawn.style = SeriesStyle::Scatter;
    drawn.colour = 1;
    drawn.inLegend = false;
    for (int i = 0; i < pairs; ++i) {
        Series& s = i < shown ? drawn : ladder;
        s.x.push_back(i);
        s.y.push_back(std::log10(theta[i]));
    }
    const double lowest = std::log10(theta[pairs - 1]);
    side.labels.push_back({std::min(shown, pairs - 1) + 0.12 * pairs,
                           std::log10(theta[std::min(shown, pairs) - 1]) * 0.5,
                           FigureText::tr("in the matrix"), false, LabelPlace::Near});
    // With d/2 ≤ kMatrixPairs every pair is in the matrix and the first series stays empty.
    if (!ladder.x.empty()) {
        side.series.push_back(std::move(ladder));
    }
    side.series.push_back(std::move(drawn));
    side.xRange = {-0.05 * pairs - 0.5, 1.05 * pairs};
    side.yRange = {std::min(lowest, -1.0) * 1.08, 0.3};
    side.widthShare = 0.7;
    data.side = std::move(side);
}

// Page 11: what many pairs buy. A head that looks δ₀ tokens back: with one θ its score over
// distance is a single sinusoid, as high again a few turns later; with the ladder it is a sum of
// sinusoids that peaks once.
void scoreShapePage(FigureData& data, const Eigen::ArrayXd& theta, int pair, double m, double n,
                    long long context) {
    const auto target = static_cast<long long>(std::llabs(static_cast<long long>(n - m)));
    // Every integer distance of a window of at most kShapeWindow + 1 (no sampling: the fast
    // pairs turn once per 6.3 tokens), centred on δ₀ when δ₀ is far.
    constexpr long long kShapeWindow = 2048;
    const long long span = std::clamp(std::max(4 * target, 128LL), 16LL, kShapeWindow);
    const long long first = std::max(0LL, target - span / 2);
    // Distances a context of L tokens can hold (at least 16 past δ₀, so the peak shows).
    const long long last = std::min(first + span, std::max(context - 1, target + 16));
    const Eigen::ArrayXd one = Eigen::ArrayXd::Constant(1, theta[pair]);
    // Farther than one turn of the fastest pair (2π/θ₀ ≈ 6.3 tokens at θ₀ = 1): a "second peak"
    // must not be the first peak's own shoulder.
    const double away = std::ceil(kTwoPi / theta.maxCoeff());
    Series single;
    single.name = FigureText::tr("one θ (pair %1 only)").arg(pair);
    single.id = QStringLiteral("one-theta");
    single.colour = 3;
    Series ladder;
    ladder.name = FigureText::tr("the ladder, every pair equally weighted");
    ladder.id = QStringLiteral("ladder");
    ladder.colour = 0;
    double bestOne = -2;
    double bestOneAt = 0;
    double bestLadder = -2;
    for (long long delta = first; delta <= last; ++delta) {
        const auto d = static_cast<double>(delta);
        const double s1 = targetedScore(one, d, static_cast<double>(target));
        const double sl = targetedScore(theta, d, static_cast<double>(target));
        single.x.push_back(d);
        single.y.push_back(s1);
        ladder.x.push_back(d);
        ladder.y.push_back(sl);
        if (std::abs(d - static_cast<double>(target)) >= away) {
            if (s1 > bestOne) {
                bestOne = s1;
                bestOneAt = d;
            }
            bestLadder = std::max(bestLadder, sl);
        }
    }
    Series mark;
    mark.name = FigureText::tr("target distance δ₀ = |n − m|");
    mark.id = QStringLiteral("target");
    mark.style = SeriesStyle::Path;
    mark.colour = 2;
    mark.dashed = true;
    mark.x = {static_cast<double>(target), static_cast<double>(target)};
    mark.y = {-1.05, 1.05};
    data.series = {std::move(mark), std::move(single), std::move(ladder)};
    PageText text;
    text.title = FigureText::tr("what many pairs buy: the shape of the score");
    text.body = FigureText::tr(
        "A head that should attend to the token δ₀ = %1 back turns its key so that every pair "
        "peaks there. With one θ the score over distance is a single sinusoid A·cos(δθ + φ), "
        "whatever the projection weights are: the head can set its height and phase, never its "
        "shape, and it peaks again every 2π/θ tokens, at integer distances nearly as high (%2 at "
        "δ = %3). With the ladder it is a sum of "
        "sinusoids, one per pair, that agree only at δ₀: %5 or more tokens away it reaches at "
        "most %4 here, and a head can shape it further by weighting the pairs. That, more than "
        "telling positions apart, is why RoPE uses many frequencies.")
                    .arg(target)
                    .arg(number(fourDigits(bestOne)), number(bestOneAt),
                         number(fourDigits(bestLadder)), number(away));
    text.formula = FigureText::tr("one θ:  A·cos(δθ + φ)\nladder:  Σᵢ Aᵢ·cos(δθᵢ + φᵢ)");
    setPage(data, kScoreShapePage, text);
    data.xLabel = FigureText::tr("distance δ = m − n (tokens back)");
    data.yLabel = FigureText::tr("score (1 at δ₀)");
    data.xRange = {{static_cast<double>(first), static_cast<double>(last)}};
    data.yRange = {{-1.05, 1.15}};
    data.legendBelow = true;
    data.readouts = {
        {FigureText::tr("δ₀"), static_cast<double>(target), FigureText::tr("tokens")},
        {FigureText::tr("one θ: best score ≥ %1 tokens from δ₀").arg(number(away)),
         fourDigits(bestOne), QString()},
        {FigureText::tr("ladder: best score ≥ %1 tokens from δ₀").arg(number(away)),
         fourDigits(bestLadder), QString()},
    };
}

// Page 12: why a geometric ladder (equal ratios: every scale of distance gets pairs) and what
// sets the base (the similar-key score must stay positive over the context).
void whyBasePage(FigureData& data, const Eigen::ArrayXd& theta, int dim, double base,
                 long long context) {
    const auto pairs = static_cast<int>(theta.size());
    const double beta = std::pow(base, 2.0 / dim);
    Series wavelengths;
    wavelengths.name = FigureText::tr("wavelength 2π/θᵢ");
    wavelengths.id = QStringLiteral("wavelengths");
    wavelengths.style = SeriesStyle::Scatter;
    wavelengths.colour = 0;
    int beyond = 0;
    for (int i = 0; i < pairs; ++i) {
        const double lambda = theta[i] > 0 ? kTwoPi / theta[i] : std::nan("");
        wavelengths.x.push_back(i);
        wavelengths.y.push_back(lambda);
        beyond += lambda > static_cast<double>(context) ? 1 : 0;
    }
    Series contextLine;
    contextLine.name = FigureText::tr("context L = %1").arg(context);
    contextLine.id = QStringLiteral("context");
    contextLine.style = SeriesStyle::Path;
    contextLine.colour = 1;
    contextLine.dashed = true;
    contextLine.x = {-0.5, pairs - 0.5};
    contextLine.y = {static_cast<double>(context), static_cast<double>(context)};
    data.series = {std::move(wavelengths), std::move(contextLine)};
    data.logY = true;
    data.xLabel = FigureText::tr("pair i");
    data.yLabel = FigureText::tr("wavelength (tokens)");
    data.xRange = {{-0.5, pairs - 0.5}};
    data.legendBelow = true;
    // The similar-key score over the context: every m is scanned for the first negative value;
    // the curve beside shows the first kCurveSpan distances at every integer.
    constexpr long long kScanLimit = 1LL << 17;
    constexpr long long kCurveSpan = 4096;
    const long long scan = std::min(context, kScanLimit);
    const std::optional<long long> negative = rope::firstNegativeDistance(theta, scan);
    SidePlot side;
    side.title = FigureText::tr("Similar-key score (2/d)·Σcos(mθᵢ)");
    side.xLabel = FigureText::tr("distance m (tokens)");
    side.yLabel = FigureText::tr("mean cosine");
    Series mean;
    mean.name = FigureText::tr("mean cosine");
    mean.id = QStringLiteral("mean-cosine");
    mean.colour = 0;
    mean.inLegend = false;
    const long long shown = std::min(context, kCurveSpan);
    for (long long k = 0; k < shown; ++k) {
        mean.x.push_back(static_cast<double>(k));
        mean.y.push_back((Eigen::cos(static_cast<double>(k) * theta)).mean());
    }
    Series zero;
    zero.name = FigureText::tr("zero");
    zero.id = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(shown)};
    zero.y = {0.0, 0.0};
    side.series = {std::move(zero), std::move(mean)};
    if (negative && *negative < shown) {
        // The teaching point drawn, not left to a readout: where a similar key first loses.
        Series first;
        first.name = FigureText::tr("first negative");
        first.id = QStringLiteral("first-negative");
        first.style = SeriesStyle::Scatter;
        first.colour = 1;
        first.x = {static_cast<double>(*negative)};
        first.y = {(Eigen::cos(static_cast<double>(*negative) * theta)).mean()};
        side.series.push_back(std::move(first));
    }
    side.xRange = {0.0, static_cast<double>(shown)};
    side.yRange = {-0.3, 1.05};
    // As wide as the ladder: a straight line on a log scale needs little width, while the
    // score's title and distances ran past a side plot of 0.6 on a slide beside its text.
    side.widthShare = 1.0;
    data.side = std::move(side);
    PageText text;
    text.title = FigureText::tr("why a geometric ladder, why this base");
    text.body = FigureText::tr(
        "Why equal ratios, θᵢ₊₁/θᵢ = 1/β with β = b²ᐟᵈ? Read the pairs as the digits of m "
        "written in base β (Su's “β进制” view): each pair turns β times slower than the one "
        "before, as each digit changes β times less often. So every scale of distance, from "
        "neighbours (θ₀ = 1 rad per token) out to about 2πb tokens, has pairs that turn part of "
        "a circle over it: a straight line on the log scale. Why this b? Too small, and the "
        "mean score of a similar key turns negative inside the context (beside; the decay "
        "panel); the smallest base that keeps it non-negative up to L is b*(L) (Men et al. "
        "2024; the base-bound panel). Pairs above the dashed line never finish a turn within L "
        "(the heatmap panel's critical dimension).");
    text.formula = FigureText::tr("θᵢ = β⁻ⁱ,  β = b²ᐟᵈ");
    setPage(data, kWhyBasePage, text);
    Readout firstNegative{FigureText::tr("first m with Σcos(mθᵢ) < 0"),
                          static_cast<double>(negative ? *negative : scan), QString()};
    if (!negative) {
        firstNegative.text = scan < context
                                 ? FigureText::tr("none below %1 (scanned)").arg(scan)
                                 : FigureText::tr("none below L = %1").arg(context);
    }
    data.readouts = {
        {FigureText::tr("β = b²ᐟᵈ"), fourDigits(beta), QString()},
        {FigureText::tr("slowest wavelength"), fourDigits(kTwoPi / theta[pairs - 1]),
         FigureText::tr("tokens")},
        {FigureText::tr("pairs slower than one turn in L"), static_cast<double>(beyond),
         QString()},
        firstNegative,
    };
}

double lastPair(const rope::RopeParams& params) {
    return params.effectiveRotaryDim() / 2 - 1;
}

} // namespace

PositionCollision nearestCollision(double theta, double tolerance, long long limit) {
    PositionCollision result;
    result.searched = limit;
    for (long long p = 1; p <= limit; ++p) {
        const double angle = static_cast<double>(p) * theta;
        if (angle < kPi) {
            continue;
        }
        const double residual = angle - kTwoPi * std::round(angle / kTwoPi);
        if (std::abs(residual) <= tolerance) {
            result.found = true;
            result.gap = p;
            result.residual = residual;
            result.searched = p;
            return result;
        }
    }
    return result;
}

IntegerMirror nearestIntegerMirror(double theta, long long m, double tolerance, long long limit) {
    IntegerMirror result;
    for (long long p = 0; p <= limit; ++p) {
        if (p == m) {
            continue;
        }
        // (m + p)θ − π reduced to (−π, π]: 0 when p's angle mirrors m's across the y axis.
        const double angle = static_cast<double>(m + p) * theta - kPi;
        const double residual = angle - kTwoPi * std::round(angle / kTwoPi);
        if (std::abs(residual) <= tolerance) {
            result.found = true;
            result.position = p;
            result.residual = residual;
            return result;
        }
    }
    return result;
}

double targetedScore(const Eigen::Ref<const Eigen::ArrayXd>& theta, double delta, double target) {
    return ((delta - target) * theta).cos().mean();
}

double sinMirrorPosition(double theta, double m) {
    const double period = kTwoPi / theta;
    const double mirror = std::fmod(kPi / theta - m, period);
    return mirror < 0 ? mirror + period : mirror;
}

FigureData derivationFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const int dim = params.effectiveRotaryDim();
    const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, params.base);
    const auto pairs = static_cast<int>(theta.size());
    const OptionValues v(derivationOptions(), options);
    const int page = static_cast<int>(std::clamp<long long>(v.integer("page"), 1, kDerivationPages));
    const int pair = static_cast<int>(std::clamp<long long>(v.integer("pair"), 0, pairs - 1));
    const double alpha = static_cast<double>(v.integer("k-angle-deg")) * kPi / 180.0;
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    FigureData data;
    if (page <= 7) {
        derivationPage(data, page, theta[pair], alpha, m, n);
    } else if (page == kCollisionPage) {
        collisionPage(data, theta[pair], m, v.real("tolerance-deg"), params.context);
    } else if (page == kSinPage) {
        sinPage(data, theta[pair], alpha, m, n, v.real("tolerance-deg"), params.context,
                v.toggle("shift-score"));
    } else if (page == kLadderPage) {
        ladderPage(data, theta, m, dim, params.base);
    } else if (page == kScoreShapePage) {
        scoreShapePage(data, theta, pair, m, n, params.context);
    } else {
        whyBasePage(data, theta, dim, params.base, params.context);
    }
    return data;
}

const OptionTable& derivationOptions() {
    static const OptionTable table = {
        {.id = "page",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Pa&ge:"),
         .kind = OptionKind::Integer,
         .defaultValue = 1,
         .min = 1,
         .max = kDerivationPages,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Step of the derivation (Previous / Next).")},
        {.id = "pair",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Pair i:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = rope::limits::kMaxDim / 2 - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Which pair's θᵢ = b⁻²ⁱᐟᵈ pages 1–9 and 11 use."),
         .dynamicMax = &lastPair},
        {.id = "k-angle-deg",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&k vs q:"),
         .kind = OptionKind::Integer,
         // 60°, as on the rotation panel: with 0 the arrows q and k of page 1 lie on one line.
         .defaultValue = 60,
         .min = -180,
         .max = 180,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Angle α between q and k before any rotation (0: the arc is exactly (n − m)θ)."),
         .suffix = "°"},
        {.id = "tolerance-deg",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Tolerance:"),
         .kind = OptionKind::Real,
         .defaultValue = 1.0,
         .min = 0.01,
         .max = 10.0,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Pages 8 and 9: two positions collide (or mirror each other) when their angles "
             "agree within this many degrees."),
         .suffix = "°",
         .step = 0.1,
         .decimals = 2},
        {.id = "shift-score",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Shifted score"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Page 9: beside, the score of the sin-only encoding and of the rotation as both "
             "positions move; off, only the two sin factors (the course asks what the product "
             "does).")},
    };
    return table;
}

} // namespace rope::figures
