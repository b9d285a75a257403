<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AutosaveStore</name>
    <message>
        <location filename="../session.py" line="157"/>
        <source>cannot lock %1</source>
        <translation>não foi possível travar %1</translation>
    </message>
    <message>
        <location filename="../session.py" line="186"/>
        <source>autosave is not running for this window</source>
        <translation>o salvamento automático não está ativo nesta janela</translation>
    </message>
</context>
<context>
    <name>BarChart</name>
    <message>
        <location filename="../stats.py" line="76"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
</context>
<context>
    <name>CardBrowser</name>
    <message>
        <location filename="../browser.py" line="51"/>
        <location filename="../browser.py" line="322"/>
        <location filename="../browser.py" line="332"/>
        <source>Any</source>
        <translation>Qualquer</translation>
    </message>
    <message>
        <location filename="../browser.py" line="311"/>
        <source>Search: name words, t:gift, renown&gt;=3, &quot;exact phrase&quot; …</source>
        <translation>Buscar: palavras do nome, t:gift, renown&gt;=3, &quot;frase exata&quot; …</translation>
    </message>
    <message>
        <location filename="../browser.py" line="324"/>
        <source>Characters</source>
        <translation>Personagens</translation>
    </message>
    <message>
        <location filename="../browser.py" line="325"/>
        <source>Sept</source>
        <translation>Sept</translation>
    </message>
    <message>
        <location filename="../browser.py" line="326"/>
        <source>Combat</source>
        <translation>Combate</translation>
    </message>
    <message>
        <location filename="../browser.py" line="342"/>
        <source>Reset</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <location filename="../browser.py" line="343"/>
        <source>Clear every filter</source>
        <translation>Limpar todos os filtros</translation>
    </message>
    <message>
        <location filename="../browser.py" line="393"/>
        <source>Section</source>
        <translation>Parte</translation>
    </message>
    <message>
        <location filename="../browser.py" line="395"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../browser.py" line="397"/>
        <source>Set</source>
        <translation>Coleção</translation>
    </message>
    <message>
        <location filename="../browser.py" line="399"/>
        <source>Allegiance</source>
        <translation>Aliança</translation>
    </message>
    <message>
        <location filename="../browser.py" line="408"/>
        <source>Renown</source>
        <translation>Renome</translation>
    </message>
    <message>
        <location filename="../browser.py" line="408"/>
        <source>Rage</source>
        <translation>Fúria</translation>
    </message>
    <message>
        <location filename="../browser.py" line="408"/>
        <source>Gnosis</source>
        <translation>Gnose</translation>
    </message>
    <message>
        <location filename="../browser.py" line="409"/>
        <source>Minimum %1</source>
        <translation>Mínimo de %1</translation>
    </message>
    <message>
        <location filename="../browser.py" line="410"/>
        <source>Maximum %1</source>
        <translation>Máximo de %1</translation>
    </message>
    <message>
        <location filename="../browser.py" line="555"/>
        <source>1 card</source>
        <translation>1 carta</translation>
    </message>
    <message>
        <location filename="../browser.py" line="555"/>
        <source>%1 cards</source>
        <translation>%1 cartas</translation>
    </message>
    <message>
        <location filename="../browser.py" line="601"/>
        <source>Add to &amp;Characters</source>
        <translation>Adicionar aos &amp;Personagens</translation>
    </message>
    <message>
        <location filename="../browser.py" line="602"/>
        <source>Add to &amp;sept deck</source>
        <translation>Adicionar ao deck de &amp;Sept</translation>
    </message>
    <message>
        <location filename="../browser.py" line="603"/>
        <source>Add to c&amp;ombat deck</source>
        <translation>Adicionar ao deck de c&amp;ombate</translation>
    </message>
    <message>
        <location filename="../browser.py" line="611"/>
        <source>Add to s&amp;tarting in play</source>
        <translation>Adicionar ao que começa em &amp;jogo</translation>
    </message>
    <message>
        <location filename="../browser.py" line="614"/>
        <source>S&amp;how card</source>
        <translation>&amp;Mostrar carta</translation>
    </message>
</context>
<context>
    <name>CardTableModel</name>
    <message>
        <location filename="../browser.py" line="55"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../browser.py" line="56"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../browser.py" line="57"/>
        <source>Set</source>
        <translation>Coleção</translation>
    </message>
    <message>
        <location filename="../browser.py" line="58"/>
        <source>Renown</source>
        <translation>Renome</translation>
    </message>
    <message>
        <location filename="../browser.py" line="59"/>
        <source>Rage</source>
        <translation>Fúria</translation>
    </message>
    <message>
        <location filename="../browser.py" line="60"/>
        <source>Gnosis</source>
        <translation>Gnose</translation>
    </message>
    <message>
        <location filename="../browser.py" line="61"/>
        <source>Health</source>
        <translation>Vida</translation>
    </message>
    <message>
        <location filename="../browser.py" line="62"/>
        <source>Requires</source>
        <translation>Requisitos</translation>
    </message>
</context>
<context>
    <name>CardView</name>
    <message>
        <location filename="../card_view.py" line="50"/>
        <source>%1: cannot read the file (%2)</source>
        <translation>%1: não foi possível ler o arquivo (%2)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="65"/>
        <source>%1: not a readable image (%2)</source>
        <translation>%1: não é uma imagem legível (%2)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="70"/>
        <source>%1: image too large to show (%2 x %3 pixels)</source>
        <translation>%1: imagem grande demais para mostrar (%2 x %3 pixels)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="75"/>
        <source>%1: the image is damaged (%2)</source>
        <translation>%1: a imagem está danificada (%2)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="90"/>
        <source>Breed form</source>
        <translation>Forma de raça</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="91"/>
        <source>Crinos form</source>
        <translation>Forma Crinos</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="94"/>
        <source>Front</source>
        <translation>Frente</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="95"/>
        <source>Back</source>
        <translation>Verso</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="107"/>
        <location filename="../card_view.py" line="168"/>
        <source>Renown</source>
        <translation>Renome</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="108"/>
        <location filename="../card_view.py" line="169"/>
        <source>Rage</source>
        <translation>Fúria</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="109"/>
        <location filename="../card_view.py" line="170"/>
        <source>Gnosis</source>
        <translation>Gnose</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="110"/>
        <location filename="../card_view.py" line="171"/>
        <source>Health</source>
        <translation>Vida</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="122"/>
        <source>Crinos: %1</source>
        <translation>Crinos: %1</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="125"/>
        <location filename="../card_view.py" line="175"/>
        <source>Damage</source>
        <translation>Dano</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="141"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="142"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="146"/>
        <source>Section</source>
        <translation>Parte</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="147"/>
        <source>cannot be placed (unknown Type)</source>
        <translation>não pode ser colocada (Tipo desconhecido)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="152"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (shown)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (mostrada)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="159"/>
        <source>Printings</source>
        <translation>Impressões</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="161"/>
        <source>Set</source>
        <translation>Coleção</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="165"/>
        <source>Keywords</source>
        <translation>Palavras-chave</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="166"/>
        <source>Requires</source>
        <translation>Requisitos</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="172"/>
        <source>Crinos Rage</source>
        <translation>Fúria Crinos</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="173"/>
        <source>Crinos Gnosis</source>
        <translation>Gnose Crinos</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="174"/>
        <source>Crinos Health</source>
        <translation>Vida Crinos</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="178"/>
        <source>Sealed</source>
        <translation>Selada</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="187"/>
        <source>Errata:</source>
        <translation>Errata:</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="190"/>
        <source>Notes:</source>
        <translation>Notas:</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="321"/>
        <source>Card details</source>
        <translation>Detalhes da carta</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="347"/>
        <source>No card selected.</source>
        <translation>Nenhuma carta selecionada.</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="380"/>
        <source>%1 image</source>
        <translation>imagem (%1)</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="380"/>
        <source>image</source>
        <translation>imagem</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="385"/>
        <source>No %1 (%2 was not found).</source>
        <translation>Sem %1 (%2 não foi encontrado).</translation>
    </message>
    <message>
        <location filename="../card_view.py" line="389"/>
        <source>The %1 could not be shown: %2</source>
        <translation>Não foi possível mostrar a %1: %2</translation>
    </message>
</context>
<context>
    <name>CollectionDialog</name>
    <message>
        <location filename="../collection_dialog.py" line="48"/>
        <source>Collection</source>
        <translation>Coleção</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="56"/>
        <source>Card name</source>
        <translation>Nome da carta</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="66"/>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="77"/>
        <source>Card</source>
        <translation>Carta</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="77"/>
        <source>Printing</source>
        <translation>Impressão</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="77"/>
        <source>Owned</source>
        <translation>Tenho</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="77"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="89"/>
        <source>Import have list…</source>
        <translation>Importar lista de cartas…</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="90"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="91"/>
        <source>Remove selected</source>
        <translation>Remover selecionadas</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="129"/>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="133"/>
        <source>known</source>
        <translation>conhecida</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="133"/>
        <source>unknown card — kept</source>
        <translation>carta desconhecida — mantida</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="138"/>
        <source>Not in the card database (renamed upstream or a typo); kept as written</source>
        <translation>Não está no banco de cartas (renomeada na origem ou erro de digitação); mantida como escrita</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="146"/>
        <source>%1 copies in %2 rows</source>
        <translation>%1 cópias em %2 linhas</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="148"/>
        <source>; %1 unknown to the card database (kept)</source>
        <translation>; %1 desconhecidas no banco de cartas (mantidas)</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="154"/>
        <source>Any printing</source>
        <translation>Qualquer impressão</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="204"/>
        <source>Import have list</source>
        <translation>Importar lista de cartas</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="216"/>
        <source>Imported %1 copies from %2</source>
        <translation>%1 cópias importadas de %2</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="219"/>
        <source>; unknown cards kept: %1</source>
        <translation>; cartas desconhecidas mantidas: %1</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="227"/>
        <source>Export collection</source>
        <translation>Exportar coleção</translation>
    </message>
    <message>
        <location filename="../collection_dialog.py" line="238"/>
        <source>Wrote %1 copies to %2</source>
        <translation>%1 cópias gravadas em %2</translation>
    </message>
</context>
<context>
    <name>DeckCommand</name>
    <message>
        <location filename="../commands.py" line="107"/>
        <source>Add %1 × %2</source>
        <translation>Adicionar %1 × %2</translation>
    </message>
    <message>
        <location filename="../commands.py" line="109"/>
        <source>Add %1</source>
        <translation>Adicionar %1</translation>
    </message>
    <message>
        <location filename="../commands.py" line="121"/>
        <source>Remove %1 × %2</source>
        <translation>Remover %1 × %2</translation>
    </message>
    <message>
        <location filename="../commands.py" line="123"/>
        <source>Remove %1</source>
        <translation>Remover %1</translation>
    </message>
    <message>
        <location filename="../commands.py" line="142"/>
        <source>Set %1 in play to %2</source>
        <translation>Mudar %1 em jogo para %2</translation>
    </message>
    <message>
        <location filename="../commands.py" line="144"/>
        <location filename="../commands.py" line="237"/>
        <source>Set %1 to %2</source>
        <translation>Mudar %1 para %2</translation>
    </message>
    <message>
        <location filename="../commands.py" line="160"/>
        <source>Start %1 × %2 in play</source>
        <translation>Começar com %1 × %2 em jogo</translation>
    </message>
    <message>
        <location filename="../commands.py" line="162"/>
        <source>Start %1 in play</source>
        <translation>Começar com %1 em jogo</translation>
    </message>
    <message>
        <location filename="../commands.py" line="174"/>
        <source>Return %1 × %2 to sept deck</source>
        <translation>Devolver %1 × %2 ao deck de Sept</translation>
    </message>
    <message>
        <location filename="../commands.py" line="176"/>
        <source>Return %1 to sept deck</source>
        <translation>Devolver %1 ao deck de Sept</translation>
    </message>
    <message>
        <location filename="../commands.py" line="188"/>
        <source>Use %1 printing of %2</source>
        <translation>Usar a impressão %1 de %2</translation>
    </message>
    <message>
        <location filename="../commands.py" line="189"/>
        <source>newest</source>
        <translation>mais recente</translation>
    </message>
    <message>
        <location filename="../commands.py" line="201"/>
        <source>Rename deck to %1</source>
        <translation>Renomear o deck para %1</translation>
    </message>
    <message>
        <location filename="../commands.py" line="213"/>
        <source>Renown level %1</source>
        <translation>Nível de Renome %1</translation>
    </message>
    <message>
        <location filename="../commands.py" line="225"/>
        <source>Format %1</source>
        <translation>Formato %1</translation>
    </message>
    <message>
        <location filename="../commands.py" line="249"/>
        <source>Edit notes</source>
        <translation>Editar notas</translation>
    </message>
</context>
<context>
    <name>DeckSectionModel</name>
    <message>
        <location filename="../deck_view.py" line="79"/>
        <source>Qty</source>
        <translation>Qtd.</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="80"/>
        <source>Own</source>
        <translation>Tenho</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="81"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="82"/>
        <source>Renown</source>
        <translation>Renome</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="83"/>
        <source>Printing</source>
        <translation>Impressão</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="84"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="85"/>
        <source>Rage</source>
        <translation>Fúria</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="86"/>
        <source>Gnosis</source>
        <translation>Gnose</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="87"/>
        <source>Health</source>
        <translation>Vida</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="88"/>
        <source>Damage</source>
        <translation>Dano</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="89"/>
        <source>Allegiance</source>
        <translation>Aliança</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="90"/>
        <source>Requires</source>
        <translation>Requisitos</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="91"/>
        <source>Zone</source>
        <translation>Zona</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="92"/>
        <source>Did you mean</source>
        <translation>Você quis dizer</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="425"/>
        <source>type “%1” fits no section</source>
        <translation>o tipo “%1” não cabe em nenhuma parte</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="426"/>
        <source>no Type: cannot be placed</source>
        <translation>sem Tipo: não pode ser colocada</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="427"/>
        <source>(unknown card)</source>
        <translation>(carta desconhecida)</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="467"/>
        <source>Copies in your collection; the number in brackets is missing (printed as proxies)</source>
        <translation>Cópias na sua coleção; o número entre parênteses é o que falta (impresso como proxy)</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="470"/>
        <source>No printing chosen: the newest printing is used (right-click to choose)</source>
        <translation>Nenhuma impressão escolhida: vale a mais recente (clique com o botão direito para escolher)</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="474"/>
        <source>Unknown card “%1” — did you mean %2?</source>
        <translation>Carta desconhecida “%1” — você quis dizer %2?</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="475"/>
        <source>Unknown card “%1”</source>
        <translation>Carta desconhecida “%1”</translation>
    </message>
</context>
<context>
    <name>DeckStatsView</name>
    <message>
        <location filename="../stats.py" line="163"/>
        <source>Cards by type</source>
        <translation>Cartas por tipo</translation>
    </message>
    <message>
        <location filename="../stats.py" line="164"/>
        <source>Renown of the pack</source>
        <translation>Renome da matilha</translation>
    </message>
    <message>
        <location filename="../stats.py" line="165"/>
        <source>Combat cards by Rage needed</source>
        <translation>Cartas de combate pela Fúria exigida</translation>
    </message>
    <message>
        <location filename="../stats.py" line="166"/>
        <source>Combat cards by damage</source>
        <translation>Cartas de combate por dano</translation>
    </message>
    <message>
        <location filename="../stats.py" line="234"/>
        <source>hatched = Rogue (%1 of %2 Renown, %3)</source>
        <translation>hachurado = Rogue (%1 de %2 de Renome, %3)</translation>
    </message>
    <message>
        <location filename="../stats.py" line="251"/>
        <source>%1 without a Rage value</source>
        <translation>%1 sem valor de Fúria</translation>
    </message>
    <message>
        <location filename="../stats.py" line="257"/>
        <source>%1 without a damage value</source>
        <translation>%1 sem valor de dano</translation>
    </message>
    <message>
        <location filename="../stats.py" line="278"/>
        <source>Characters &lt;b&gt;%1&lt;/b&gt; · Sept &lt;b&gt;%2&lt;/b&gt; · Combat &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Personagens &lt;b&gt;%1&lt;/b&gt; · Sept &lt;b&gt;%2&lt;/b&gt; · Combate &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../stats.py" line="289"/>
        <source>%1 starting in play</source>
        <translation>%1 começando em jogo</translation>
    </message>
    <message>
        <location filename="../stats.py" line="292"/>
        <source>%1 not placed</source>
        <translation>%1 sem parte</translation>
    </message>
    <message>
        <location filename="../stats.py" line="294"/>
        <source>%1 unknown</source>
        <translation>%1 desconhecidas</translation>
    </message>
    <message>
        <location filename="../stats.py" line="298"/>
        <source>Renown &lt;b&gt;%1&lt;/b&gt; of %2</source>
        <translation>Renome &lt;b&gt;%1&lt;/b&gt; de %2</translation>
    </message>
    <message>
        <location filename="../stats.py" line="302"/>
        <source> (Rogue %1, %2)</source>
        <translation> (Rogue %1, %2)</translation>
    </message>
    <message>
        <location filename="../stats.py" line="310"/>
        <source>Legal in %1</source>
        <translation>Legal em %1</translation>
    </message>
    <message>
        <location filename="../stats.py" line="315"/>
        <source>&lt;b&gt;Not legal&lt;/b&gt; in %1: 1 error</source>
        <translation>&lt;b&gt;Ilegal&lt;/b&gt; em %1: 1 erro</translation>
    </message>
    <message>
        <location filename="../stats.py" line="319"/>
        <source>&lt;b&gt;Not legal&lt;/b&gt; in %1: %2 errors</source>
        <translation>&lt;b&gt;Ilegal&lt;/b&gt; em %1: %2 erros</translation>
    </message>
    <message>
        <location filename="../stats.py" line="326"/>
        <source>, 1 warning</source>
        <translation>, 1 aviso</translation>
    </message>
    <message>
        <location filename="../stats.py" line="328"/>
        <source>, %1 warnings</source>
        <translation>, %1 avisos</translation>
    </message>
</context>
<context>
    <name>DeckView</name>
    <message>
        <location filename="../deck_view.py" line="66"/>
        <source>Characters</source>
        <translation>Personagens</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="67"/>
        <location filename="../deck_view.py" line="1055"/>
        <source>Sept</source>
        <translation>Sept</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="68"/>
        <source>Starting in play</source>
        <translation>Começa em jogo</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="69"/>
        <location filename="../deck_view.py" line="1060"/>
        <source>Combat</source>
        <translation>Combate</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="70"/>
        <source>Unresolved</source>
        <translation>Não resolvidas</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="72"/>
        <source>Cards that begin the game in play: taken out of the sept deck, they count toward copy limits but not toward the sept minimum</source>
        <translation>Cartas que começam a partida em jogo: saem do deck de Sept, contam no limite de cópias mas não no mínimo do deck de Sept</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="582"/>
        <source>Deck name</source>
        <translation>Nome do deck</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="587"/>
        <source>Renown level of the game</source>
        <translation>Nível de Renome da partida</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="601"/>
        <source>Add one copy of the selected card</source>
        <translation>Adicionar uma cópia da carta selecionada</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="604"/>
        <source>Remove one copy of the selected card (Delete)</source>
        <translation>Remover uma cópia da carta selecionada (Delete)</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="583"/>
        <source>Renown level</source>
        <translation>Nível de Renome</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="632"/>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="990"/>
        <source>Add one copy</source>
        <translation>Adicionar uma cópia</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="991"/>
        <source>Remove one copy</source>
        <translation>Remover uma cópia</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="992"/>
        <source>Remove all copies</source>
        <translation>Remover todas as cópias</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="996"/>
        <source>Return to sept deck</source>
        <translation>Devolver ao deck de Sept</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="999"/>
        <source>Put one copy back into the sept deck</source>
        <translation>Devolver uma cópia ao deck de Sept</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1005"/>
        <source>Start in play</source>
        <translation>Começar em jogo</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1008"/>
        <source>Move one copy out of the sept deck to begin the game in play</source>
        <translation>Tirar uma cópia do deck de Sept para começar a partida em jogo</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1010"/>
        <source>Printing</source>
        <translation>Impressão</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1011"/>
        <source>Newest (no set chosen)</source>
        <translation>Mais recente (nenhuma coleção escolhida)</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1025"/>
        <source>Replace with</source>
        <translation>Trocar por</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1044"/>
        <source>Renown level %1</source>
        <translation>Nível de Renome %1</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1050"/>
        <source>Renown %1 / %2</source>
        <translation>Renome %1 / %2</translation>
    </message>
    <message>
        <location filename="../deck_view.py" line="1052"/>
        <source>Rogue %1 (max %2)</source>
        <translation>Rogue %1 (máx. %2)</translation>
    </message>
</context>
<context>
    <name>DecklistExportDialog</name>
    <message>
        <location filename="../export_dialog.py" line="518"/>
        <source>Export decklist</source>
        <translation>Exportar lista de deck</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="524"/>
        <source>Your name, as registered</source>
        <translation>Seu nome, como na inscrição</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="528"/>
        <source>left blank for the organiser</source>
        <translation>deixe em branco para o organizador</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="529"/>
        <source>Paper</source>
        <translation>Papel</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="530"/>
        <source>Player</source>
        <translation>Jogador</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="531"/>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="532"/>
        <source>Event date</source>
        <translation>Data do evento</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="535"/>
        <source>The sheet lists the deck by section with its legality verdict. Paper, player and event are remembered for your next decklist.</source>
        <translation>A folha lista o deck por parte, com o veredito de legalidade. Papel, jogador e evento ficam guardados para a próxima lista.</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="567"/>
        <source>The decklist has 1 page.</source>
        <translation>A lista de deck tem 1 página.</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="568"/>
        <source>The decklist has %1 pages.</source>
        <translation>A lista de deck tem %1 páginas.</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../main_window.py" line="158"/>
        <source>You are browsing the small &lt;b&gt;demo card set&lt;/b&gt;. Import a LackeyCCG Rage plugin or a card data file to build with the full card pool.</source>
        <translation>Você está vendo o pequeno &lt;b&gt;conjunto de cartas de demonstração&lt;/b&gt;. Importe um plugin de Rage do LackeyCCG ou um arquivo de dados de cartas para montar com todas as cartas.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="167"/>
        <source>Import Lackey plugin…</source>
        <translation>Importar plugin do Lackey…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="169"/>
        <source>Import card file…</source>
        <translation>Importar arquivo de cartas…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="173"/>
        <source>Hide this message</source>
        <translation>Esconder esta mensagem</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="189"/>
        <source>You are browsing the small &lt;b&gt;demo card set&lt;/b&gt;. A LackeyCCG Rage plugin was found at &lt;b&gt;%1&lt;/b&gt;: import it to build with the full card pool.</source>
        <translation>Você está vendo o pequeno &lt;b&gt;conjunto de cartas de demonstração&lt;/b&gt;. Foi encontrado um plugin de Rage do LackeyCCG em &lt;b&gt;%1&lt;/b&gt;: importe-o para montar com todas as cartas.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="194"/>
        <source>Import found plugin</source>
        <translation>Importar o plugin encontrado</translation>
    </message>
</context>
<context>
    <name>ExportPreviewDialog</name>
    <message>
        <location filename="../export_dialog.py" line="172"/>
        <source>Preparing the preview…</source>
        <translation>Preparando a prévia…</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="182"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="198"/>
        <source>First page as it will print:</source>
        <translation>Primeira página como será impressa:</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="238"/>
        <source>%1 page(s)</source>
        <translation>%1 página(s)</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="256"/>
        <source>Updating the preview…</source>
        <translation>Atualizando a prévia…</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="302"/>
        <source>%1 1 note:</source>
        <translation>%1 1 observação:</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="304"/>
        <source>%1 %2 notes:</source>
        <translation>%1 %2 observações:</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="315"/>
        <source>No preview</source>
        <translation>Sem prévia</translation>
    </message>
</context>
<context>
    <name>FixHintsPanel</name>
    <message>
        <location filename="../fixhints_panel.py" line="100"/>
        <source>No deck checked</source>
        <translation>Nenhum deck verificado</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="103"/>
        <source>The deck is legal; warnings with a fix are below (Undo takes a fix back)</source>
        <translation>O deck é legal; os avisos com correção estão abaixo (Desfazer volta uma correção)</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="105"/>
        <source>The deck is legal: nothing to fix</source>
        <translation>O deck é legal: nada a corrigir</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="112"/>
        <source>1 error; one click applies a fix (Undo takes it back)</source>
        <translation>1 erro; um clique aplica uma correção (Desfazer volta atrás)</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="114"/>
        <source>%1 errors; one click applies a fix (Undo takes it back)</source>
        <translation>%1 erros; um clique aplica uma correção (Desfazer volta atrás)</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="119"/>
        <source> — %1 with a fix</source>
        <translation> — %1 com correção</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="128"/>
        <source>No automatic fix: %1</source>
        <translation>Sem correção automática: %1</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="142"/>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <location filename="../fixhints_panel.py" line="144"/>
        <source>Make this change (one undo step)</source>
        <translation>Fazer esta mudança (um passo de desfazer)</translation>
    </message>
</context>
<context>
    <name>GameCardList</name>
    <message>
        <location filename="../game_cards.py" line="45"/>
        <source>Search: words, field:word, field&gt;=N</source>
        <translation>Pesquisa: palavras, campo:palavra, campo&gt;=N</translation>
    </message>
    <message>
        <location filename="../game_cards.py" line="84"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../game_cards.py" line="84"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
</context>
<context>
    <name>ImportProgressDialog</name>
    <message>
        <location filename="../import_dialog.py" line="66"/>
        <source>Importing card data</source>
        <translation>Importando dados de cartas</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="70"/>
        <source>Importing %1…</source>
        <translation>Importando %1…</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="74"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="92"/>
        <source>the importer is not available: %1</source>
        <translation>o importador não está disponível: %1</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="115"/>
        <source>Cancelling… the card database is left as it was.</source>
        <translation>Cancelando… o banco de cartas fica como estava.</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="140"/>
        <source>Importing %1… %2 of %3</source>
        <translation>Importando %1… %2 de %3</translation>
    </message>
</context>
<context>
    <name>ImportReportDialog</name>
    <message>
        <location filename="../import_dialog.py" line="170"/>
        <source>Import report</source>
        <translation>Relatório da importação</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="180"/>
        <source>Source</source>
        <translation>Origem</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="180"/>
        <source>Line</source>
        <translation>Linha</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="180"/>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="180"/>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="204"/>
        <source>%1 row(s) need a look:</source>
        <translation>%1 linha(s) precisam de atenção:</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="208"/>
        <source>No rows were rejected.</source>
        <translation>Nenhuma linha foi rejeitada.</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="211"/>
        <source>Copy report</source>
        <translation>Copiar relatório</translation>
    </message>
</context>
<context>
    <name>LegalityPanel</name>
    <message>
        <location filename="../legality_panel.py" line="15"/>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="16"/>
        <source>Warnings</source>
        <translation>Avisos</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="17"/>
        <source>Info</source>
        <translation>Informações</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="60"/>
        <source>No deck checked</source>
        <translation>Nenhum deck verificado</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="64"/>
        <source>Legal in %1</source>
        <translation>Legal em %1</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="66"/>
        <source>Legal in %1 at Renown %2</source>
        <translation>Legal em %1 com Renome %2</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="71"/>
        <source>Not legal: 1 error</source>
        <translation>Ilegal: 1 erro</translation>
    </message>
    <message>
        <location filename="../legality_panel.py" line="73"/>
        <source>Not legal: %1 errors</source>
        <translation>Ilegal: %1 erros</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="275"/>
        <source>List</source>
        <translation>Lista</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="279"/>
        <source>Card images</source>
        <translation>Imagens das cartas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="295"/>
        <source>Legality</source>
        <translation>Legalidade</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="296"/>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="301"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="305"/>
        <source>Fix it</source>
        <translation>Corrigir</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="308"/>
        <source>Draw odds</source>
        <translation>Chances de compra</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="310"/>
        <source>&lt;opened deck&gt;</source>
        <translation>&lt;deck aberto&gt;</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="311"/>
        <source>Card</source>
        <translation>Carta</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="312"/>
        <source>Deck check</source>
        <translation>Verificação do deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="313"/>
        <source>History</source>
        <translation>Histórico</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="341"/>
        <source>%1 cards in %2</source>
        <translation>%1 cartas em %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="381"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="382"/>
        <source>&amp;New deck</source>
        <translation>&amp;Novo deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="383"/>
        <source>New deck for another &amp;game</source>
        <translation>Novo deck de outro &amp;jogo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="394"/>
        <source>&amp;Open deck…</source>
        <translation>&amp;Abrir deck…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="395"/>
        <source>Open &amp;recent</source>
        <translation>Abrir &amp;recente</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="397"/>
        <source>Import deck from &amp;clipboard</source>
        <translation>Importar deck da área de &amp;transferência</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="400"/>
        <source>&amp;Save</source>
        <translation>&amp;Salvar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="401"/>
        <source>Save &amp;as…</source>
        <translation>Salvar &amp;como…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="402"/>
        <source>&amp;Export</source>
        <translation>E&amp;xportar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="416"/>
        <source>Import card &amp;data</source>
        <translation>Importar &amp;dados de cartas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="419"/>
        <source>Lackey &amp;plugin folder…</source>
        <translation>Pasta de &amp;plugin do Lackey…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="426"/>
        <source>Card data &amp;file (.txt / .json)…</source>
        <translation>&amp;Arquivo de dados de cartas (.txt / .json)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="432"/>
        <source>&amp;Quit</source>
        <translation>Sa&amp;ir</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="434"/>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="435"/>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="437"/>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="442"/>
        <source>&amp;Find cards</source>
        <translation>&amp;Buscar cartas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="443"/>
        <source>Add selected card</source>
        <translation>Adicionar a carta selecionada</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="446"/>
        <source>&amp;Copy deck as Lackey text</source>
        <translation>&amp;Copiar deck como texto do Lackey</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="449"/>
        <source>&amp;Paste deck from clipboard</source>
        <translation>Co&amp;lar deck da área de transferência</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="452"/>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="456"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="460"/>
        <source>&amp;Collection</source>
        <translation>&amp;Coleção</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="462"/>
        <source>&amp;Edit collection…</source>
        <translation>&amp;Editar coleção…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="466"/>
        <source>Proxies: print only &amp;missing copies</source>
        <translation>Proxies: imprimir só as cópias &amp;faltantes</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="486"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="487"/>
        <source>The new language is used the next time Rage Deckbuilder starts.</source>
        <translation>O novo idioma passa a valer na próxima vez que o Rage Deckbuilder abrir.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="567"/>
        <source>Replace %1 with %2</source>
        <translation>Trocar %1 por %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="717"/>
        <source>Format problem: {0}</source>
        <translation>Problema no formato: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="737"/>
        <source>The deck&apos;s format “{0}” is not installed; the deck is opened on the default format “{1}”.</source>
        <translation>O formato do deck, “{0}”, não está instalado; o deck foi aberto no formato padrão “{1}”.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="774"/>
        <source>Copied the deck as Lackey text</source>
        <translation>Deck copiado como texto do Lackey</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="807"/>
        <source>not saved</source>
        <translation>não salvo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="822"/>
        <source>“%1” has unsaved changes. Save them?</source>
        <translation>“%1” tem mudanças não salvas. Salvar?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="830"/>
        <source>Open deck</source>
        <translation>Abrir deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="844"/>
        <source>Import Lackey plugin folder</source>
        <translation>Importar pasta de plugin do Lackey</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="849"/>
        <source>Import card data</source>
        <translation>Importar dados de cartas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="851"/>
        <source>Card data (*.txt *.json);;All files (*)</source>
        <translation>Dados de cartas (*.txt *.json);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="861"/>
        <source>{0} is a Lackey deck file; it cannot keep {1}. Save it anyway?</source>
        <translation>{0} é um arquivo de deck do Lackey; ele não guarda {1}. Salvar mesmo assim?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="866"/>
        <source>Save as .ragedeck…</source>
        <translation>Salvar como .ragedeck…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="876"/>
        <source>The database still holds the invented demo cards (set “Demo”). With real card data imported, no format accepts them. Remove them now?</source>
        <translation>O banco ainda tem as cartas de demonstração inventadas (coleção “Demo”). Com as cartas reais importadas, nenhum formato as aceita. Removê-las agora?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="886"/>
        <source>never saved to a file</source>
        <translation>nunca salvo em arquivo</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="891"/>
        <source>A Rage Deckbuilder window did not close properly while editing “{0}” ({1}). Restore that deck?</source>
        <translation>Uma janela do Rage Deckbuilder não foi fechada corretamente enquanto editava “{0}” ({1}). Restaurar esse deck?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="892"/>
        <source>a deck</source>
        <translation>um deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="962"/>
        <location filename="../main_window.py" line="965"/>
        <source>Cannot open deck</source>
        <translation>Não foi possível abrir o deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="965"/>
        <source>cannot read %1: %2</source>
        <translation>não foi possível ler %1: %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="975"/>
        <source>Opened %1</source>
        <translation>Aberto %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="983"/>
        <source>%1 card name(s) are not in the card database; see Unresolved.</source>
        <translation>%1 nome(s) de carta não estão no banco de cartas; veja Não resolvidas.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="988"/>
        <source>Problems in %1</source>
        <translation>Problemas em %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="994"/>
        <location filename="../main_window.py" line="1001"/>
        <source>Import from clipboard</source>
        <translation>Importar da área de transferência</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="994"/>
        <source>The clipboard holds no text.</source>
        <translation>A área de transferência não tem texto.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1006"/>
        <source>the clipboard text</source>
        <translation>o texto da área de transferência</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1030"/>
        <source>the deck notes</source>
        <translation>as anotações do deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1032"/>
        <source>the Renown level and format</source>
        <translation>o nível de Renome e o formato</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1034"/>
        <source>the chosen printings</source>
        <translation>as impressões escolhidas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1036"/>
        <source>{0} part(s) of the file that could not be read</source>
        <translation>{0} parte(s) do arquivo que não puderam ser lidas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1043"/>
        <source>Save deck</source>
        <translation>Salvar deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1056"/>
        <source>Cannot save deck</source>
        <translation>Não foi possível salvar o deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1056"/>
        <source>Cannot save %1: %2</source>
        <translation>Não foi possível salvar %1: %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1065"/>
        <source>Saved %1</source>
        <translation>Salvo %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1095"/>
        <source>Export deck</source>
        <translation>Exportar deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1103"/>
        <location filename="../main_window.py" line="1159"/>
        <location filename="../main_window.py" line="1201"/>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1103"/>
        <location filename="../main_window.py" line="1159"/>
        <source>Cannot write %1: %2</source>
        <translation>Não foi possível gravar %1: %2</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1105"/>
        <location filename="../main_window.py" line="1161"/>
        <source>Exported %1</source>
        <translation>Exportado %1</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1144"/>
        <location filename="../main_window.py" line="1185"/>
        <source>Export proxies</source>
        <translation>Exportar proxies</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1144"/>
        <source>Export decklist</source>
        <translation>Exportar lista de deck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1145"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1184"/>
        <source>Writing proxy sheets…</source>
        <translation>Gravando as folhas de proxies…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1184"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1196"/>
        <source>Wrote %1 page(s) to %2.</source>
        <translation>%1 página(s) gravada(s) em %2.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1197"/>
        <source>Proxies exported</source>
        <translation>Proxies exportados</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1205"/>
        <source>Proxy export cancelled</source>
        <translation>Exportação de proxies cancelada</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1253"/>
        <source>Demo cards</source>
        <translation>Cartas de demonstração</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1253"/>
        <source>Cannot remove the demo cards: {0}</source>
        <translation>Não foi possível remover as cartas de demonstração: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1255"/>
        <source>Removed {0} demo cards</source>
        <translation>{0} cartas de demonstração removidas</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1301"/>
        <source>Autosave failed: {0}</source>
        <translation>O salvamento automático falhou: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1330"/>
        <source>Autosave unavailable: {0}</source>
        <translation>Salvamento automático indisponível: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1337"/>
        <source>Cannot restore</source>
        <translation>Não foi possível restaurar</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1343"/>
        <source>Restored deck</source>
        <translation>Deck restaurado</translation>
    </message>
    <message>
        <location filename="../translation.py" line="151"/>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
</context>
<context>
    <name>NotesEditor</name>
    <message>
        <location filename="../notes.py" line="24"/>
        <source>Notes for this deck: plans, sideboard ideas, cards still to find… Saved with the deck and printed on the PDF decklist.</source>
        <translation>Notas deste deck: planos, ideias de troca, cartas que ainda faltam… Salvas com o deck e impressas na lista de deck em PDF.</translation>
    </message>
    <message>
        <location filename="../notes.py" line="36"/>
        <source>Printed on the decklist. Undo (outside this box) steps back through note edits.</source>
        <translation>Impressas na lista de deck. Desfazer (fora desta caixa) volta pelas edições das notas.</translation>
    </message>
</context>
<context>
    <name>OddsView</name>
    <message>
        <location filename="../odds_view.py" line="34"/>
        <source>Type: </source>
        <translation>Tipo: </translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="51"/>
        <source>Character</source>
        <translation>Personagem</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="51"/>
        <source>Chance</source>
        <translation>Chance</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="51"/>
        <source>How</source>
        <translation>Como</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="60"/>
        <source>Opening combat hand: a Combat Action each can play</source>
        <translation>Mão inicial de combate: uma Ação de Combate que cada um possa jogar</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="63"/>
        <source>The 5 opening combat cards hold a Combat Action the Character meets (Requires, form, Rage)</source>
        <translation>As 5 cartas iniciais de combate têm uma Ação de Combate cujos requisitos o personagem atende (Requisitos, forma, Fúria)</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="75"/>
        <source>by turn </source>
        <translation>até o turno </translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="78"/>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="78"/>
        <source>Chance (exact)</source>
        <translation>Chance (exata)</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="85"/>
        <source>Seen by turn N: 5 × N cards, discarding every other card at each redraw</source>
        <translation>Vistas até o turno N: 5 × N cartas, descartando todas as outras a cada recompra</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="88"/>
        <source>A card or Type by turn N</source>
        <translation>Uma carta ou Tipo até o turno N</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="99"/>
        <source>Share this seed: the same deck and seed deal the same hand</source>
        <translation>Compartilhe esta semente: o mesmo deck e a mesma semente dão a mesma mão</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="100"/>
        <source>Deal</source>
        <translation>Distribuir</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="101"/>
        <source>Reshuffle</source>
        <translation>Embaralhar de novo</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="102"/>
        <source>Shuffle again with a new seed</source>
        <translation>Embaralhar de novo com uma nova semente</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="103"/>
        <source>Redraw selected</source>
        <translation>Recomprar as selecionadas</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="104"/>
        <source>Next turn: discard the selected cards and draw back to 5</source>
        <translation>Próximo turno: descartar as cartas selecionadas e recomprar até 5</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="113"/>
        <source>Sample hand</source>
        <translation>Mão de exemplo</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="116"/>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="122"/>
        <source>Sept hand</source>
        <translation>Mão de Sept</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="123"/>
        <source>Combat hand</source>
        <translation>Mão de combate</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="173"/>
        <source>Every Character</source>
        <translation>Todos os personagens</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="175"/>
        <source>Each its own card</source>
        <translation>Cada um com sua carta</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="187"/>
        <source>exact</source>
        <translation>exata</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="188"/>
        <source>simulated ±%1</source>
        <translation>simulada ±%1</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="252"/>
        <source>Not a seed: up to 8 hex digits, e.g. 1A2B3C4D</source>
        <translation>Não é uma semente: até 8 dígitos hexadecimais, ex.: 1A2B3C4D</translation>
    </message>
    <message>
        <location filename="../odds_view.py" line="273"/>
        <source>Turn %1 · seed %2 · %3 sept and %4 combat cards left</source>
        <translation>Turno %1 · semente %2 · restam %3 cartas de Sept e %4 de combate</translation>
    </message>
</context>
<context>
    <name>ProxyExportDialog</name>
    <message>
        <location filename="../export_dialog.py" line="347"/>
        <source>Export proxies</source>
        <translation>Exportar proxies</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="362"/>
        <source>Print both sides of two-sided Characters</source>
        <translation>Imprimir os dois lados dos personagens de dois lados</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="364"/>
        <source>Page numbers</source>
        <translation>Números de página</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="366"/>
        <source>Only copies missing from my collection</source>
        <translation>Só as cópias que faltam na minha coleção</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="371"/>
        <source>Untick the cards you own; only ticked cards are printed</source>
        <translation>Desmarque as cartas que você tem; só as marcadas são impressas</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="372"/>
        <source>Tick all</source>
        <translation>Marcar todas</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="373"/>
        <source>Untick all</source>
        <translation>Desmarcar todas</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="377"/>
        <source>Paper</source>
        <translation>Papel</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="378"/>
        <source>Gap between cards</source>
        <translation>Espaço entre cartas</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="379"/>
        <source>Bleed</source>
        <translation>Sangria</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="380"/>
        <source>Cut marks</source>
        <translation>Marcas de corte</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="381"/>
        <source>Print</source>
        <translation>Imprimir</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="410"/>
        <source> mm</source>
        <translation> mm</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="463"/>
        <source>The deck is empty: there is nothing to print.</source>
        <translation>O deck está vazio: não há nada para imprimir.</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="465"/>
        <source>The deck has no cards in its %1.</source>
        <translation>O deck não tem cartas em: %1.</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="469"/>
        <source>No card is ticked: tick the cards to print.</source>
        <translation>Nenhuma carta marcada: marque as cartas a imprimir.</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="492"/>
        <source>1 page of proxies (9 cards a page).</source>
        <translation>1 página de proxies (9 cartas por página).</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="493"/>
        <source>%1 pages of proxies (9 cards a page).</source>
        <translation>%1 páginas de proxies (9 cartas por página).</translation>
    </message>
</context>
<context>
    <name>TextCard</name>
    <message>
        <location filename="../card_view.py" line="272"/>
        <source>Requires: %1</source>
        <translation>Requisitos: %1</translation>
    </message>
</context>
<context>
    <name>export_dialog</name>
    <message>
        <location filename="../export_dialog.py" line="49"/>
        <source>Letter</source>
        <translation>Carta</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="50"/>
        <source>Legal</source>
        <translation>Ofício</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="54"/>
        <source>None</source>
        <translation>Nenhuma</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="55"/>
        <source>Corner marks</source>
        <translation>Marcas nos cantos</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="56"/>
        <source>Full-length lines</source>
        <translation>Linhas inteiras</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="59"/>
        <source>Whole deck</source>
        <translation>Deck inteiro</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="60"/>
        <source>Characters</source>
        <translation>Personagens</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="61"/>
        <source>Sept deck</source>
        <translation>Deck de Sept</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="62"/>
        <source>Combat deck</source>
        <translation>Deck de combate</translation>
    </message>
    <message>
        <location filename="../export_dialog.py" line="124"/>
        <source>A4, Letter, Legal, A3 or a custom size such as 230x300mm or 8.5x11in</source>
        <translation>A4, Carta, Ofício, A3 ou um tamanho próprio como 230x300mm ou 8.5x11in</translation>
    </message>
</context>
<context>
    <name>import_dialog</name>
    <message>
        <location filename="../import_dialog.py" line="240"/>
        <source>Import failed</source>
        <translation>A importação falhou</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="242"/>
        <source>Could not import %1:

%2</source>
        <translation>Não foi possível importar %1:

%2</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="257"/>
        <source>Import card data</source>
        <translation>Importar dados de cartas</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="259"/>
        <source>Import a whole LackeyCCG Rage plugin folder, or a single card-data file?</source>
        <translation>Importar uma pasta inteira de plugin de Rage do LackeyCCG ou um só arquivo de dados de cartas?</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="264"/>
        <source>A plugin folder also brings the card images. Files may be Lackey .txt or .json.</source>
        <translation>Uma pasta de plugin traz também as imagens das cartas. Os arquivos podem ser .txt do Lackey ou .json.</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="269"/>
        <source>Plugin folder…</source>
        <translation>Pasta de plugin…</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="272"/>
        <source>Card file…</source>
        <translation>Arquivo de cartas…</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="279"/>
        <source>Choose the Lackey Rage plugin folder</source>
        <translation>Escolha a pasta do plugin de Rage do Lackey</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="285"/>
        <source>Choose a card-data file</source>
        <translation>Escolha um arquivo de dados de cartas</translation>
    </message>
    <message>
        <location filename="../import_dialog.py" line="287"/>
        <source>Card data (*.txt *.json);;All files (*)</source>
        <translation>Dados de cartas (*.txt *.json);;Todos os arquivos (*)</translation>
    </message>
</context>
</TS>
