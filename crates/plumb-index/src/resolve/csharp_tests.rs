//! C#-specific resolution tests, each on a small multi-file fixture, with
//! the exact call edges expected.

use super::tests::calls_named;

#[test]
fn csharp_partial_classes_and_enclosing_namespaces() {
    let fixture = "//- Shop/Model/Shape.cs\nnamespace Shop.Model { public class Shape { public double Area() => 0; } }\n//- Global.cs\npublic class Log { public static void Write() {} }\n//- Shop/App/Cart.cs\nnamespace Shop.App { public partial class Cart : Model.Shape { public void Run() { Log.Write(); Helper(); } } }\n//- Shop/App/Cart.Helper.cs\nnamespace Shop.App;\npublic partial class Cart { void Helper() { Area(); } }\n";
    assert_eq!(
        calls_named(fixture, "Area"),
        vec!["Shop.App.Cart.Helper -> Shop.Model.Shape.Area [inheritance]"]
    );
    assert_eq!(
        calls_named(fixture, "Write"),
        vec!["Shop.App.Cart.Run -> Log.Write [scope]"]
    );
    assert_eq!(
        calls_named(fixture, "Helper"),
        vec!["Shop.App.Cart.Run -> Shop.App.Cart.Helper [scope]"]
    );
}
