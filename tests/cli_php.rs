//! End-to-end tests of `plumb` on tests/fixtures/php.
//!
//! Fixture landmarks (file:line), all under src/:
//!   Models/Priced.php:6     interface Priced (price :8)
//!   Models/Shape.php:6      abstract class Shape implements Priced (area :8, price :10 calls $this->area())
//!   Models/Describes.php:5  trait Describes (describe :7)
//!   Models/Circle.php:5     Circle extends Shape, `use Describes;` (__construct :9, area :13)
//!   Models/Square.php:5     Square extends Shape (SIDES :7, __construct :9, area :13,
//!                           price :18 calls parent::price() and reads self::SIDES)
//!   Util/functions.php:7    function App\Util\total (calls $item->price() on an untyped item);
//!                           enum Size :16 (cases :18, :19, label :21)
//!   App/Cart.php:9          Cart (`use App\Models\{Circle, Square}`, `Priced as Item`,
//!                           `use function App\Util\total`; items :11, featured :12 typed Circle,
//!                           add :14, total :19 calls the function total, featuredArea :24,
//!                           squareArea :30, static make :36 returning `static`)
//!   App/main.php:8          main (`use App\Util;` then `Util\total()`), checkout :16 (Cart $cart)

mod common;

use common::*;

const FX: &str = "php";

#[test]
fn same_named_methods_on_two_classes_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", "src/Models/Circle.php:13"]);
    assert_eq!(
        located(&circle, "caller"),
        set(["App.App.Cart.featuredArea@src/App/Cart.php:24"])
    );
    assert_resolution(
        "$this->featured->area() through the typed property",
        &caller_edges(&circle),
        "App.App.Cart.featuredArea",
        &["receiver"],
    );
    let square = repo.ok(&["callers", "src/Models/Square.php:13"]);
    assert_eq!(
        located(&square, "caller"),
        set(["App.App.Cart.squareArea@src/App/Cart.php:30"])
    );
}

#[test]
fn this_and_parent_reach_the_base_methods() {
    let repo = Repo::indexed(FX);
    let area = repo.ok(&["callers", "src/Models/Shape.php:8"]);
    assert_eq!(
        located(&area, "caller"),
        set(["App.Models.Shape.price@src/Models/Shape.php:10"])
    );
    assert_resolution(
        "$this->area() in Shape",
        &caller_edges(&area),
        "App.Models.Shape.price",
        &["scope"],
    );
    let price = repo.ok(&["callers", "src/Models/Shape.php:10"]);
    assert_eq!(
        located(&price, "caller"),
        set(["App.Models.Square.price@src/Models/Square.php:18"])
    );
    assert_resolution(
        "parent::price() in the override",
        &caller_edges(&price),
        "App.Models.Square.price",
        &["inheritance"],
    );
}

#[test]
fn a_function_and_a_same_named_method_stay_apart() {
    let repo = Repo::indexed(FX);
    let function = repo.ok(&["refs", "src/Util/functions.php:7"]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&function).into_iter().map(|e| e.key).collect();
    assert_eq!(
        sites,
        set([
            "src/App/Cart.php:7",
            "src/App/Cart.php:21",
            "src/App/main.php:13",
        ])
    );
    let method = repo.ok(&["callers", "src/App/Cart.php:19"]);
    assert_eq!(
        located(&method, "caller"),
        set([
            "App.App.main@src/App/main.php:8",
            "App.App.checkout@src/App/main.php:16",
        ])
    );
}

#[test]
fn callees_resolve_imports_namespaces_receivers_and_static_returns() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "src/App/main.php:8"]);
    assert_eq!(
        located(&json, "callee"),
        set([
            "App.App.Cart@src/App/Cart.php:9",
            "App.Models.Square@src/Models/Square.php:5",
            "App.App.Cart.add@src/App/Cart.php:14",
            "App.App.Cart.make@src/App/Cart.php:36",
            "App.App.Cart.total@src/App/Cart.php:19",
            "App.App.Cart.squareArea@src/App/Cart.php:30",
            "App.Util.total@src/Util/functions.php:7",
        ])
    );
    assert_resolution(
        "$spare = Cart::make() returns `static`",
        &callee_edges(&json),
        "App.App.Cart.squareArea",
        &["receiver"],
    );
    let featured = repo.ok(&["callees", "src/App/Cart.php:24"]);
    assert_eq!(
        located(&featured, "callee"),
        set([
            "App.Models.Circle@src/Models/Circle.php:5",
            "App.Models.Circle.area@src/Models/Circle.php:13",
            "App.Models.Describes.describe@src/Models/Describes.php:7",
        ])
    );
    assert_resolution(
        "describe() comes from the trait Circle uses",
        &callee_edges(&featured),
        "App.Models.Describes.describe",
        &["inheritance"],
    );
}

#[test]
fn an_untyped_receiver_is_only_guessed_by_name() {
    let repo = Repo::indexed(FX);
    let (code, json) = repo.query(&["callees", "src/Util/functions.php:7"]);
    assert_eq!(code, 1, "no confident callee: {json:#}");
    assert_eq!(json["completeness"], "lower_bound", "{json:#}");
    let guesses = repo.ok(&["callees", "src/Util/functions.php:7", "--guesses"]);
    assert_eq!(
        located(&guesses, "callee"),
        set([
            "App.Models.Priced.price@src/Models/Priced.php:8",
            "App.Models.Shape.price@src/Models/Shape.php:10",
            "App.Models.Square.price@src/Models/Square.php:18",
        ])
    );
    for edge in callee_edges(&guesses) {
        assert_eq!(edge.resolution, "name_only", "{edge:?}");
    }
}

#[test]
fn impls_follow_extends_implements_and_traits() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape),
        [
            ("App.Models.Circle".to_owned(), true),
            ("App.Models.Square".to_owned(), true)
        ]
        .into()
    );
    let priced = repo.ok(&["impls", "Priced"]);
    assert_eq!(
        impls_map(&priced).get("App.Models.Shape"),
        Some(&true),
        "{priced:#}"
    );
    let describes = repo.ok(&["impls", "Describes"]);
    assert_eq!(
        impls_map(&describes),
        [("App.Models.Circle".to_owned(), true)].into()
    );
}

#[test]
fn outline_nests_properties_methods_and_enum_cases() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/App/Cart.php"]);
    assert_pairs_eq(
        "outline Cart.php",
        &outline_top(&json),
        &[("App.App.Cart", "class")],
    );
    assert_pairs_eq(
        "Cart members",
        &outline_children(&json, "App.App.Cart"),
        &[
            ("App.App.Cart.items", "field"),
            ("App.App.Cart.featured", "field"),
            ("App.App.Cart.add", "method"),
            ("App.App.Cart.total", "method"),
            ("App.App.Cart.featuredArea", "method"),
            ("App.App.Cart.squareArea", "method"),
            ("App.App.Cart.make", "method"),
        ],
    );
    let util = repo.ok(&["outline", "src/Util/functions.php"]);
    assert_pairs_eq(
        "outline functions.php",
        &outline_top(&util),
        &[("App.Util.total", "function"), ("App.Util.Size", "enum")],
    );
    assert_pairs_eq(
        "Size members",
        &outline_children(&util, "App.Util.Size"),
        &[
            ("App.Util.Size.Small", "variant"),
            ("App.Util.Size.Large", "variant"),
            ("App.Util.Size.label", "method"),
        ],
    );
}

#[test]
fn symbols_are_qualified_by_namespace() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "App.Models.Circle"]);
    assert_def(
        single_target(&json),
        "App.Models.Circle",
        "class",
        "src/Models/Circle.php",
        5,
    );
    let constant = repo.ok(&["refs", "src/Models/Square.php:7"]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&constant).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["src/Models/Square.php:20"]));
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["php"], 8,
        "{:#}",
        status["results"]
    );
}
