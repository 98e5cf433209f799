//! Python-specific resolution tests, each on a small multi-file fixture,
//! with the exact call edges expected.

use super::tests::calls_named;

#[test]
fn return_annotations_type_call_results() {
    let got = calls_named(
        "//- shop.py\nclass Cart:\n    def total(self): pass\n\nclass Order:\n    def total(self): pass\n\ndef make() -> Cart:\n    return Cart()\n\ndef use():\n    c = make()\n    c.total()\n    make().total()\n",
        "total",
    );
    assert_eq!(
        got,
        vec![
            "shop.use -> shop.Cart.total [receiver]",
            "shop.use -> shop.Cart.total [receiver]"
        ]
    );
}

#[test]
fn return_annotations_of_long_signatures_type_call_results() {
    let parameters: String = (0..30).map(|i| format!("p{i}: int = 0, ")).collect();
    let fixture = format!(
        "//- shop.py\nclass Cart:\n    def total(self): pass\n\nclass Shop:\n    def make(self, {parameters}) -> Cart:\n        return self.other()\n\ndef use(shop: Shop):\n    c = shop.make()\n    c.total()\n"
    );
    assert_eq!(
        calls_named(&fixture, "total"),
        vec!["shop.use -> shop.Cart.total [receiver]"]
    );
}

#[test]
fn a_name_rebound_from_itself_keeps_its_earlier_type() {
    let got = calls_named(
        "//- shop.py\nclass Url:\n    def copy_with(self) -> Url: pass\n\ndef use():\n    url = Url()\n    url = url.copy_with()\n    url = url.copy_with()\n",
        "copy_with",
    );
    assert_eq!(
        got,
        vec![
            "shop.use -> shop.Url.copy_with [receiver]",
            "shop.use -> shop.Url.copy_with [receiver]"
        ]
    );
}

#[test]
fn a_conditional_value_types_a_parameter_its_annotation_does_not() {
    let got = calls_named(
        "//- shop.py\nclass Proxy:\n    def open(self): pass\n\ndef use(proxy: ProxyTypes | None = None):\n    proxy = Proxy(proxy) if isinstance(proxy, str) else proxy\n    proxy.open()\n",
        "open",
    );
    assert_eq!(got, vec!["shop.use -> shop.Proxy.open [receiver]"]);
}

#[test]
fn a_name_rebound_from_an_untyped_value_has_no_type() {
    let got = calls_named(
        "//- shop.py\nimport pickle\n\nclass Session:\n    def send(self): pass\n\ndef use():\n    s = Session()\n    s = pickle.loads(pickle.dumps(s))\n    s.send()\n",
        "send",
    );
    assert!(
        got.iter().all(|edge| edge.ends_with("[name_only]")),
        "{got:?}"
    );
}

#[test]
fn an_attribute_has_the_type_of_any_of_its_assignments() {
    let got = calls_named(
        "//- shop.py\nclass Parsed:\n    def scheme(self): pass\n\ndef parse(text) -> Parsed: pass\n\nclass Url:\n    def __init__(self, url):\n        if isinstance(url, str):\n            self.parsed = parse(url)\n        else:\n            self.parsed = url.parsed.copy()\n\n    def scheme(self):\n        return self.parsed.scheme()\n",
        "scheme",
    );
    assert_eq!(
        got,
        vec!["shop.Url.scheme -> shop.Parsed.scheme [receiver]"]
    );
}

#[test]
fn an_attribute_set_from_a_rebound_local_reads_its_earlier_values() {
    let got = calls_named(
        "//- shop.py\nclass Url:\n    def strip(self) -> Url: pass\n    def host(self): pass\n\nclass Proxy:\n    def __init__(self, url: Url | str):\n        url = Url(url)\n        url = url.strip()\n        self.url = url\n\ndef use(proxy: Proxy):\n    proxy.url.host()\n",
        "host",
    );
    assert_eq!(got, vec!["shop.use -> shop.Url.host [receiver]"]);
}

#[test]
fn isinstance_narrows_a_receiver_in_the_body_it_guards() {
    let got = calls_named(
        "//- shop.py\nclass Base:\n    pass\n\nclass Range(Base):\n    def describe(self): pass\n\nclass Other(Base):\n    def describe(self): pass\n\nclass Option:\n    kind: Base\n\n    def help(self):\n        if isinstance(self.kind, Range) and self.kind:\n            self.kind.describe()\n        elif isinstance(self.kind, Other):\n            self.kind.describe()\n        self.kind.describe()\n",
        "describe",
    );
    assert_eq!(
        got,
        vec![
            "shop.Option.help -> shop.Range.describe [receiver]",
            "shop.Option.help -> shop.Other.describe [receiver]"
        ]
    );
}

#[test]
fn an_attribute_a_subclass_sets_hides_the_base_attribute() {
    let got = super::tests::resolutions_named(
        "//- shop.py\nclass Base:\n    name: str\n    def greet(self): pass\n\nclass Path(Base):\n    def __init__(self):\n        self.name = 'path'\n\n    def show(self):\n        self.name\n        self.greet()\n\nclass Plain(Base):\n    def show(self):\n        self.name\n",
        "name",
        &[],
        |r| format!("[{}]", r.method),
    );
    assert_eq!(got, vec!["shop.Plain.show -> shop.Base.name [inheritance]"]);
}
