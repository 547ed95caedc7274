/// The name of an element that has content and a closing tag.
///
/// Tag names are `StaticString`s: they come from code, never from input.
///
/// ```swift
/// html.element(.section, .class("feed")) { html in ... }
/// ```
public struct HTMLTag: Sendable {
    /// The tag name, such as `div`.
    public let name: StaticString

    /// Creates a tag for an element that has no constant below.
    /// - Parameters:
    ///   - name: The lowercase tag name.
    @inlinable
    public init(_ name: StaticString) {
        self.name = name
    }
}

extension HTMLTag {
    /// `<html>`
    @inlinable public static var html: HTMLTag { HTMLTag("html") }
    /// `<head>`
    @inlinable public static var head: HTMLTag { HTMLTag("head") }
    /// `<body>`
    @inlinable public static var body: HTMLTag { HTMLTag("body") }
    /// `<title>`
    @inlinable public static var title: HTMLTag { HTMLTag("title") }
    /// `<script>`
    @inlinable public static var script: HTMLTag { HTMLTag("script") }
    /// `<style>`
    @inlinable public static var style: HTMLTag { HTMLTag("style") }
    /// `<main>`
    @inlinable public static var main: HTMLTag { HTMLTag("main") }
    /// `<header>`
    @inlinable public static var header: HTMLTag { HTMLTag("header") }
    /// `<footer>`
    @inlinable public static var footer: HTMLTag { HTMLTag("footer") }
    /// `<nav>`
    @inlinable public static var nav: HTMLTag { HTMLTag("nav") }
    /// `<section>`
    @inlinable public static var section: HTMLTag { HTMLTag("section") }
    /// `<article>`
    @inlinable public static var article: HTMLTag { HTMLTag("article") }
    /// `<aside>`
    @inlinable public static var aside: HTMLTag { HTMLTag("aside") }
    /// `<h1>`
    @inlinable public static var h1: HTMLTag { HTMLTag("h1") }
    /// `<h2>`
    @inlinable public static var h2: HTMLTag { HTMLTag("h2") }
    /// `<h3>`
    @inlinable public static var h3: HTMLTag { HTMLTag("h3") }
    /// `<h4>`
    @inlinable public static var h4: HTMLTag { HTMLTag("h4") }
    /// `<p>`
    @inlinable public static var p: HTMLTag { HTMLTag("p") }
    /// `<a>`
    @inlinable public static var a: HTMLTag { HTMLTag("a") }
    /// `<ul>`
    @inlinable public static var ul: HTMLTag { HTMLTag("ul") }
    /// `<ol>`
    @inlinable public static var ol: HTMLTag { HTMLTag("ol") }
    /// `<li>`
    @inlinable public static var li: HTMLTag { HTMLTag("li") }
    /// `<div>`
    @inlinable public static var div: HTMLTag { HTMLTag("div") }
    /// `<span>`
    @inlinable public static var span: HTMLTag { HTMLTag("span") }
    /// `<form>`
    @inlinable public static var form: HTMLTag { HTMLTag("form") }
    /// `<button>`
    @inlinable public static var button: HTMLTag { HTMLTag("button") }
    /// `<label>`
    @inlinable public static var label: HTMLTag { HTMLTag("label") }
    /// `<select>`
    @inlinable public static var select: HTMLTag { HTMLTag("select") }
    /// `<option>`
    @inlinable public static var option: HTMLTag { HTMLTag("option") }
    /// `<textarea>`
    @inlinable public static var textarea: HTMLTag { HTMLTag("textarea") }
    /// `<fieldset>`
    @inlinable public static var fieldset: HTMLTag { HTMLTag("fieldset") }
    /// `<legend>`
    @inlinable public static var legend: HTMLTag { HTMLTag("legend") }
    /// `<pre>`
    @inlinable public static var pre: HTMLTag { HTMLTag("pre") }
    /// `<code>`
    @inlinable public static var code: HTMLTag { HTMLTag("code") }
    /// `<table>`
    @inlinable public static var table: HTMLTag { HTMLTag("table") }
    /// `<thead>`
    @inlinable public static var thead: HTMLTag { HTMLTag("thead") }
    /// `<tbody>`
    @inlinable public static var tbody: HTMLTag { HTMLTag("tbody") }
    /// `<tr>`
    @inlinable public static var tr: HTMLTag { HTMLTag("tr") }
    /// `<th>`
    @inlinable public static var th: HTMLTag { HTMLTag("th") }
    /// `<td>`
    @inlinable public static var td: HTMLTag { HTMLTag("td") }
    /// `<strong>`
    @inlinable public static var strong: HTMLTag { HTMLTag("strong") }
    /// `<em>`
    @inlinable public static var em: HTMLTag { HTMLTag("em") }
    /// `<small>`
    @inlinable public static var small: HTMLTag { HTMLTag("small") }
    /// `<time>`
    @inlinable public static var time: HTMLTag { HTMLTag("time") }
    /// `<iframe>`
    @inlinable public static var iframe: HTMLTag { HTMLTag("iframe") }
    /// `<output>`
    @inlinable public static var output: HTMLTag { HTMLTag("output") }
    /// `<details>`
    @inlinable public static var details: HTMLTag { HTMLTag("details") }
    /// `<summary>`
    @inlinable public static var summary: HTMLTag { HTMLTag("summary") }
    /// `<dl>`
    @inlinable public static var dl: HTMLTag { HTMLTag("dl") }
    /// `<dt>`
    @inlinable public static var dt: HTMLTag { HTMLTag("dt") }
    /// `<dd>`
    @inlinable public static var dd: HTMLTag { HTMLTag("dd") }
    /// `<figure>`
    @inlinable public static var figure: HTMLTag { HTMLTag("figure") }
    /// `<figcaption>`
    @inlinable public static var figcaption: HTMLTag { HTMLTag("figcaption") }
    /// `<noscript>`
    @inlinable public static var noscript: HTMLTag { HTMLTag("noscript") }
}
