
/// The fixed stylesheet and script embedded in every `report.html`. They are string constants rather
/// than bundled resource files so the page is self-contained (the Content-Security-Policy allows only
/// inline styles and scripts) and the package needs no resource bundle; they live in their own file
/// because they never depend on the report and dwarf the rendering code.
enum HTMLPageAssets {
    /// Light and dark palettes via `prefers-color-scheme`, and a card layout below 720px.
    static let css = """
        :root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--card:#f6f8fa;--link:#0969da;
        --pass:#1a7f37;--fail:#cf222e;--crash:#8250df;--timeout:#bc4c00;--skip:#8c959f;--notrun:#dde3e9;--flaky:#bf8700;
        --track:#e6eaef;--whisker:#1f2328;--hbar:#54aeff;--median:#0a3069;--p90:#bc4c00;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--border:#3d444d;--card:#151b23;
        --link:#4493f8;--pass:#3fb950;--fail:#f85149;--crash:#ab7df8;--timeout:#f0883e;--skip:#768390;--notrun:#2a313c;
        --flaky:#d29922;--track:#262c36;--whisker:#e6edf3;--hbar:#1f6feb;--median:#cae8ff;--p90:#f0883e}}
        *{box-sizing:border-box}[hidden]{display:none!important}
        body{margin:0 auto;max-width:1200px;padding:1rem;background:var(--bg);color:var(--fg);
        font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        a{color:var(--link)}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
        h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:1.6rem 0 .6rem}h3{font-size:1rem;margin:0 0 .4rem}
        h4{font-size:.85rem;margin:.2rem 0 .3rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
        .gate{font-size:.8rem;vertical-align:middle;padding:.15rem .55rem;border-radius:1rem;color:#fff}
        .gate.ok{background:var(--pass)}.gate.bad{background:var(--fail)}
        .warning{border:1px solid var(--timeout);border-radius:6px;padding:.5rem .75rem;color:var(--timeout)}
        .facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:.35rem 1rem;margin:0 0 1rem}
        .facts div{min-width:0}.facts dt{color:var(--muted);font-size:.75rem}.facts dd{margin:0;overflow-wrap:anywhere}
        .counts{display:flex;flex-wrap:wrap;gap:.5rem}
        .count{font:inherit;color:inherit;background:var(--card);border:1px solid var(--border);border-left:4px solid var(--border);
        border-radius:6px;padding:.4rem .8rem;cursor:pointer}.count strong{font-size:1.2rem;margin-right:.2rem}
        .count.v-stable{border-left-color:var(--pass)}.count.v-flaky{border-left-color:var(--flaky)}
        .count.v-failing{border-left-color:var(--fail)}.count.v-skipped{border-left-color:var(--skip)}
        .count.v-not-run{border-left-color:var(--crash)}.gate-line{color:var(--muted);overflow-wrap:break-word}
        .badge{display:inline-block;font-size:.75rem;font-weight:600;padding:.05rem .5rem;border-radius:1rem;color:#fff;white-space:nowrap}
        .badge.v-stable{background:var(--pass)}.badge.v-flaky{background:var(--flaky)}.badge.v-failing{background:var(--fail)}
        .badge.v-skipped{background:var(--skip)}.badge.v-not-run{background:var(--crash)}
        .bar.v-stable{fill:var(--pass)}.bar.v-flaky{fill:var(--flaky)}.bar.v-failing{fill:var(--fail)}
        .bar.v-skipped,.bar.v-not-run{fill:var(--skip)}.track{fill:var(--track)}
        .whisker{stroke:var(--whisker);stroke-width:1.4;fill:none}
        .ratebar{vertical-align:middle}.pct{font-variant-numeric:tabular-nums;font-weight:600}
        .ci,.muted,.suite{color:var(--muted);font-size:.8rem}.ci{white-space:nowrap}
        .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:.75rem}
        .card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:.75rem}.card p{margin:.3rem 0}
        .card.incident.bad{border-left:4px solid var(--fail)}.incidents h2{margin-top:1rem}
        .card.incident p,.card.incident code,.gate-line li{overflow-wrap:break-word}
        .statement{color:var(--muted)}.hints{margin:.3rem 0;padding-left:1.2rem}
        .chart{width:100%;display:block;margin-bottom:.75rem}.chart.narrow{display:none}
        .chart .grid{stroke:var(--border)}.chart text{fill:var(--fg);font-size:12px}.chart .axis{fill:var(--muted);font-size:10px}
        .controls{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin-bottom:.5rem}
        .controls select,.controls input,.controls button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--border);
        border-radius:6px;padding:.25rem .5rem}.controls input{width:16rem;max-width:100%}#shown{color:var(--muted)}
        .legend{color:var(--muted);font-size:.8rem;margin-bottom:.5rem}.key{white-space:nowrap;margin-right:.4rem}
        .key i{display:inline-block;width:.8rem;height:.8rem;vertical-align:-.1rem;margin-right:.2rem;border-radius:2px}
        .o-p{fill:var(--pass);background:var(--pass)}.o-f{fill:var(--fail);background:var(--fail)}
        .o-c{fill:var(--crash);background:var(--crash)}.o-t{fill:var(--timeout);background:var(--timeout)}
        .o-s{fill:var(--skip);background:var(--skip)}.o-n{fill:var(--notrun);background:var(--notrun)}
        table.tests{width:100%;border-collapse:collapse}
        table.tests th{text-align:left;border-bottom:2px solid var(--border);padding:0;white-space:nowrap}
        th button{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:.4rem .5rem;cursor:pointer}
        th[aria-sort=ascending] button::after{content:" \\25B2";font-size:.7em}th[aria-sort=descending] button::after{content:" \\25BC";font-size:.7em}
        table.tests td{padding:.35rem .5rem;vertical-align:top}
        tr.main td{border-top:1px solid var(--border)}th.num{text-align:right}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        td.rate{white-space:nowrap}td.test{overflow-wrap:break-word;min-width:12rem}.name{font-weight:600}
        .tag{font-size:.72rem;border:1px solid var(--border);border-radius:1rem;padding:0 .4rem;color:var(--muted)}
        td.hint{color:var(--muted);font-size:.85rem;max-width:18rem}
        tr.more td{padding-top:0}details summary{cursor:pointer;display:flex;align-items:center;gap:.5rem;list-style:none}
        details summary::-webkit-details-marker{display:none}
        .more-label{color:var(--link);font-size:.8rem;white-space:nowrap}.more-label::before{content:"\\25B8 "}
        details[open] .more-label::before{content:"\\25BE "}
        .facts-box>summary{color:var(--muted);font-size:.85rem;cursor:pointer;margin-bottom:.3rem}
        .why{display:block;font-size:.85rem;color:var(--muted);margin-top:.15rem;overflow-wrap:anywhere}
        .strip{height:10px;display:block;flex:0 1 auto;min-width:0}
        .detail{border-left:3px solid var(--border);margin:.4rem 0 .6rem;padding:.1rem .75rem}.detail p{margin:.35rem 0}
        .identity{overflow-wrap:break-word}.hint-block{background:var(--card);border-radius:6px;padding:.4rem .6rem}
        .columns{display:grid;grid-template-columns:minmax(0,340px) minmax(0,1fr);gap:1rem}
        .columns>:only-child{grid-column:1/-1;max-width:340px}.columns>.failures:only-child{max-width:none}
        .histogram{width:100%;max-width:340px;display:block}.histogram text{fill:var(--muted);font-size:10px}
        .hbar{fill:var(--hbar)}.axisline{stroke:var(--border)}.median{stroke:var(--median);stroke-width:2}
        .p90{stroke:var(--p90);stroke-width:2;stroke-dasharray:4 3}
        .stats{font-size:.8rem;color:var(--muted);display:flex;flex-wrap:wrap;gap:0 .7rem}.stats span{white-space:nowrap}.median-key{border-bottom:2px solid var(--median)}
        .p90-key{border-bottom:2px dashed var(--p90)}
        .failure{border:1px solid var(--border);border-radius:6px;padding:.3rem .6rem;margin-bottom:.5rem}
        .fhead{margin:.2rem 0}.times{font-weight:700;color:var(--fail)}
        pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.3rem 0;max-height:16rem;overflow:auto}
        .runs,.logs{font-size:.85rem;overflow-wrap:anywhere}
        footer{margin-top:2rem;color:var(--muted);font-size:.8rem}
        @media (max-width:720px){body{padding:.6rem;display:flex;flex-direction:column}
        header{order:0}.incidents{order:1}.tests-section{order:2}.strategies{order:3}footer{order:4}.facts{grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
        table.tests,table.tests thead,table.tests tbody,table.tests tr,table.tests td,table.tests th{display:block}
        table.tests thead tr{display:flex;flex-wrap:wrap;gap:.25rem;border-bottom:2px solid var(--border)}
        table.tests th{border:0}th button{padding:.3rem .4rem}
        table.tests tbody.t{border-top:1px solid var(--border);padding:.4rem 0}
        table.tests tr.main{display:flex;flex-wrap:wrap;gap:.2rem .9rem;align-items:center}
        table.tests tr.main td{border:0;padding:0}td.test{flex-basis:100%;min-width:0}td.hint{flex-basis:100%;max-width:none}
        td.hint:empty{display:none}td[data-label]::before{content:attr(data-label) " ";color:var(--muted);font-size:.75rem;font-weight:400}
        tr.more td{padding:.3rem 0 0}.columns{grid-template-columns:minmax(0,1fr)}.columns>:only-child{max-width:none}
        .detail{padding:.1rem .5rem}.chart.wide{display:none}.chart.narrow{display:block}}
        """

    /// Sorting, filtering and expand-all. Reads only `data-` attributes; sets `data-js="ok"` on the root
    /// element when it has run, which `Scripts/browser-check.sh` looks for.
    package static let script = """
        (function(){"use strict";
        if(window.matchMedia&&window.matchMedia("(max-width: 700px)").matches){
        Array.prototype.forEach.call(document.querySelectorAll("details.facts-box"),function(d){d.open=false;});}
        var table=document.getElementById("tests");
        if(table){
        var bodies=Array.prototype.slice.call(table.tBodies);
        var verdict=document.getElementById("verdict"),search=document.getElementById("search"),shown=document.getElementById("shown");
        var apply=function(){var v=verdict.value,q=search.value.trim().toLowerCase(),n=0;
        bodies.forEach(function(b){var ok=(v==="all"||(v==="attention"?b.dataset.attention==="1":v==="not-run"?b.dataset.missed==="1":b.dataset.verdict===v))
        &&(q===""||b.dataset.search.indexOf(q)>=0);b.hidden=!ok;if(ok){n++;}});
        shown.textContent=n===bodies.length?n+" tests":n+" of "+bodies.length+" tests";};
        verdict.addEventListener("change",apply);search.addEventListener("input",apply);
        Array.prototype.forEach.call(document.querySelectorAll("[data-filter]"),function(button){
        button.addEventListener("click",function(){verdict.value=button.dataset.filter;apply();table.scrollIntoView({block:"start"});});});
        var current=null,direction=1,headers=table.querySelectorAll("th");
        Array.prototype.forEach.call(table.querySelectorAll("th button"),function(button){
        button.addEventListener("click",function(){var key=button.dataset.key,numeric=button.dataset.type==="num";
        direction=current===key?-direction:(button.dataset.desc?-1:1);current=key;
        bodies.sort(function(a,b){var x=a.dataset[key],y=b.dataset[key];
        var c=numeric?parseFloat(x)-parseFloat(y):x.localeCompare(y);
        return c!==0?c*direction:parseInt(a.dataset.order,10)-parseInt(b.dataset.order,10);});
        bodies.forEach(function(b){table.appendChild(b);});
        Array.prototype.forEach.call(headers,function(th){th.setAttribute("aria-sort","none");});
        button.parentNode.setAttribute("aria-sort",direction>0?"ascending":"descending");});});
        var expand=document.getElementById("expand"),open=false;
        expand.addEventListener("click",function(){open=!open;
        Array.prototype.forEach.call(table.querySelectorAll("details"),function(d){d.open=open;});
        expand.textContent=open?"Collapse all":"Expand all";});
        apply();}
        document.documentElement.setAttribute("data-js","ok");})();
        """
}
